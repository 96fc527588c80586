import type { CompatibilitySummary } from '../../../compatibility/assess';
import { CHECK_LABELS, type CompatibilityCheck } from '../../../compatibility/checks';
import { formatCount } from '../../../common/format';

/** Titles of the section; exported for the tests. */
export const COMPATIBILITY_TEXT = {
  verified: 'Compatibilità verificata',
  partial: 'Compatibilità',
  attention: 'Da verificare',
  notVerified: 'Non verificato',
  watts: (watts: number) => `Consumo stimato: ${formatCount(watts)} W`,
  wattsUnknown: 'Consumo stimato non disponibile: la potenza del processore o della scheda video non è nota',
} as const;

/** One check; `prefix` names its state in words (a passed check is marked by its list's label instead). */
function CheckItem({ check, prefix }: { check: CompatibilityCheck; prefix?: string }) {
  return (
    <li data-rule={check.rule} data-status={check.status}>
      {prefix ? <strong>{prefix}: </strong> : <span aria-hidden="true">✓ </span>}
      <span className="font-medium">{CHECK_LABELS[check.rule]}</span> — {check.message}
    </li>
  );
}

/**
 * The build's compatibility and power checks (decision 023), rendered on the server with no script: the
 * checks passed, anything the author should look at, what could not be verified and the estimated draw.
 * "Compatibilità verificata" only when every check that applies passed.
 */
export function CompatibilitySection({ compatibility }: { compatibility: CompatibilitySummary }) {
  const { checks, estimated_watts: watts, verified } = compatibility;
  if (checks.length === 0 && watts === null) return null;
  const passed = checks.filter((check) => check.status === 'ok');
  const attention = checks.filter((check) => check.status === 'warning' || check.status === 'error');
  const unknown = checks.filter((check) => check.status === 'unknown');
  return (
    <section aria-labelledby="compatibility-heading" className="below-fold mt-8 rounded-2xl border border-slate-200 p-5 text-sm sm:p-6 dark:border-slate-800" data-testid="compatibility">
      <h2 id="compatibility-heading" className="text-xl font-bold">
        {verified ? COMPATIBILITY_TEXT.verified : COMPATIBILITY_TEXT.partial}
      </h2>
      {passed.length > 0 && (
        <ul className="mt-3 list-none space-y-1 text-emerald-800 dark:text-emerald-300" aria-label="Controlli superati">
          {passed.map((check) => (
            <CheckItem key={check.rule} check={check} />
          ))}
        </ul>
      )}
      {attention.length > 0 && (
        <ul className="mt-3 list-none space-y-1 text-amber-800 dark:text-amber-300">
          {attention.map((check) => (
            <CheckItem key={check.rule} check={check} prefix={COMPATIBILITY_TEXT.attention} />
          ))}
        </ul>
      )}
      {unknown.length > 0 && (
        <ul className="mt-3 list-none space-y-1 text-slate-600 dark:text-slate-400">
          {unknown.map((check) => (
            <CheckItem key={check.rule} check={check} prefix={COMPATIBILITY_TEXT.notVerified} />
          ))}
        </ul>
      )}
      <p className="mt-3 font-semibold" data-testid="estimated-watts">
        {watts === null ? COMPATIBILITY_TEXT.wattsUnknown : COMPATIBILITY_TEXT.watts(watts)}
      </p>
    </section>
  );
}
