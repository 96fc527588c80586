import type { ReactNode } from 'react';
import { paths } from '../../common/paths';
import { MAX_QUERY_LENGTH } from '../../common/search-query';
import { SearchIcon } from './icons';

interface SearchFormProps {
  /** The field's id, for its label. */
  id: string;
  /** The landmark's name: each form of a page says what it searches. */
  ariaLabel: string;
  placeholder: string;
  /** The words already searched, on the results page. */
  defaultValue?: string;
  required?: boolean;
  className: string;
  inputClassName: string;
  buttonClassName: string;
  /** Beside the magnifier: visible words, or an sr-only name for an icon-only button. */
  buttonLabel: ReactNode;
}

/**
 * The site search's form, in the header and on /cerca: a plain GET form to /cerca, so it works without
 * JavaScript (decision 017), a hidden label, the query field and a submit button with the magnifier.
 */
export function SearchForm({ id, ariaLabel, placeholder, defaultValue, required, className, inputClassName, buttonClassName, buttonLabel }: SearchFormProps) {
  return (
    <form role="search" aria-label={ariaLabel} action={paths.search()} method="get" className={className}>
      <label htmlFor={id} className="sr-only">
        Cerca
      </label>
      <input id={id} type="search" name="q" required={required} defaultValue={defaultValue} maxLength={MAX_QUERY_LENGTH} placeholder={placeholder} className={inputClassName} />
      <button type="submit" className={buttonClassName}>
        <SearchIcon width={18} height={18} />
        {buttonLabel}
      </button>
    </form>
  );
}
