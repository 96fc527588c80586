/**
 * The build editor (product spec, "Build editor" and "Entities and their fields", "States and transitions",
 * "Validation rules", "Error catalogue"): /admin/builds/new and /admin/builds/edit/{id}. Main fields and components
 * on the left, publishing, image, SEO and affiliate cards on the right (one column on phones), and a sticky bar with
 * 'Annulla' and the save button.
 *
 * The route's clientLoader reads the build (editor-data.ts) and every write is a fetcher posting an
 * intent to its clientAction (editor-data.ts); this screen holds the form, and applies their answers.
 *
 * Not a <form> element: the import and cover dialogs hold forms of their own, and Enter in a field
 * should not save a long article by accident. Saving is the sticky bar's button.
 */
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import type { BuildAdmin } from '../../../../modules/builds';
import { Link } from 'react-router';
import { paths } from '../../../../common/paths';
import { PerformanceCard } from '../../analytics/performance-card';
import { HistoryPanel } from '../history/history-panel';
import { buttonClass, cardClass, Notice, secondaryButtonClass } from '../../ui';
import { type BuildField, type ComponentField, emptyComponent, type FieldErrors, formSnapshot } from './form/build-form';
import { ButtonSpinner } from './button-spinner';
import { ROW_FIELDS } from './components/component-row';
import { ComponentsSection } from './components/components-section';
import { ConflictDialog } from './save/conflict-dialog';
import { EDITOR_ANALYTICS_DAYS, type EditorLoaderData } from './editor-data';
import { editorReducer, initialEditorState } from './editor-reducer';
import { FeaturedImageCard } from './cover/featured-image-card';
import { TextAreaField, TextField } from './form/form-fields';
import { MarkdownEditor } from './form/markdown-editor';
import { EDITOR_MESSAGES } from './editor-messages';
import { SeoCard } from './form/seo-card';
import { AffiliateCard, PublishingCard } from './form/side-cards';
import { DealsSwitchCard } from '../../deals/deals-switch';
import { useBuildSave } from './save/use-build-save';
import { useDraftRecovery } from './save/use-draft-recovery';
import { componentFromRetailerItem } from './retailer/retailer-fields';
import { useRetailerActions } from './retailer/use-retailer-actions';
import { useUnsavedChangesWarning } from './save/use-unsaved-changes';

/** The route's screen: the load error, or the editor of the build the loader read (a new one on /new). */
export function BuildEditorScreen({ data }: { data: EditorLoaderData }) {
  if (data.status === 'error') return <LoadError detail={data.detail} />;
  // Another build is another editor: nothing of the previous one's state can leak into it.
  return <BuildEditor key={data.status === 'ready' ? `build-${data.build.id}` : 'new'} data={data} />;
}

function LoadError({ detail }: { detail: string | null }) {
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Modifica Build</h1>
      <Notice tone="error" testId="load-error">
        <p className="font-semibold">{EDITOR_MESSAGES.loadFailed}</p>
        {detail && <p>{detail}</p>}
      </Notice>
      <Link to={paths.admin.builds()} className={secondaryButtonClass}>
        Torna alle build
      </Link>
    </div>
  );
}

/** The first component with an error its table row cannot show (a field only its card has), if any. */
function firstComponentNeedingCard(errors: FieldErrors): number | null {
  const indexes = Object.keys(errors)
    .map((path) => /^components\.(\d+)\.(\w+)$/.exec(path))
    .filter((match) => match !== null && !ROW_FIELDS.some((field) => field === match[2]))
    .map((match) => Number(match?.[1]));
  return indexes.length > 0 ? Math.min(...indexes) : null;
}

function BuildEditor({ data }: { data: Exclude<EditorLoaderData, { status: 'error' }> }) {
  const [state, dispatch] = useReducer(editorReducer, data, (loaded) => initialEditorState(loaded.status === 'ready' ? loaded.build : null, loaded.at));
  const [openKey, setOpenKey] = useState<string | null>(null);
  // Bumped to move the focus once the render has put its target on screen.
  const [focusErrorRequest, setFocusErrorRequest] = useState(0);
  const [focusDraftRequest, setFocusDraftRequest] = useState(0);
  const editorRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const dirty = formSnapshot(state.form) !== formSnapshot(state.baseline);
  const { markSaved } = useUnsavedChangesWarning(dirty);
  const draft = useDraftRecovery({ buildId: state.buildId, buildUpdatedAt: state.version, form: state.form, baseline: state.baseline, dirty });
  const retailer = useRetailerActions({ buildId: state.buildId, form: state.form, dispatch });

  function showErrors(errors: FieldErrors) {
    dispatch({ type: 'setErrors', errors });
    // Type, name and price show their errors in the row; any other field's error is in the card: open it,
    // unless the card already open has errors of its own.
    const openIndex = state.form.components.findIndex((component) => component.key === openKey);
    const openHasErrors = openIndex !== -1 && Object.keys(errors).some((path) => path.startsWith(`components.${openIndex}.`));
    const first = firstComponentNeedingCard(errors);
    if (!openHasErrors && first !== null) setOpenKey(state.form.components[first]?.key ?? null);
    setFocusErrorRequest((n) => n + 1);
  }

  const saveFlow = useBuildSave({
    state,
    dispatch,
    draft,
    initialNotice: data.status === 'ready' && data.created ? { tone: 'success', title: EDITOR_MESSAGES.created } : null,
    markSaved,
    showErrors,
    focusDraft: () => setFocusDraftRequest((n) => n + 1),
  });
  const { saving, conflict } = saveFlow;

  // Focus moves to the first invalid field once the errors are on screen (DOM order = reading order).
  useEffect(() => {
    if (focusErrorRequest === 0) return;
    editorRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-focus-error]')?.focus();
  }, [focusErrorRequest]);

  useEffect(() => {
    if (focusDraftRequest === 0) return;
    const restore = editorRef.current?.querySelector<HTMLElement>('[data-testid="draft-notice"] button');
    restore?.scrollIntoView({ block: 'center' });
    restore?.focus();
  }, [focusDraftRequest]);

  // The sticky bar covers the bottom of the window: fields focused by keyboard scroll above it.
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = '6rem';
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, []);

  const setField = (field: BuildField, value: string) => dispatch({ type: 'setField', field, value });
  // A restored revision is the build as the server now has it: the editor takes it as if just loaded.
  const onRevisionRestored = useCallback((build: BuildAdmin) => dispatch({ type: 'loaded', build, at: Date.now() }), []);
  const heading = state.buildId === null ? 'Nuova Build' : 'Modifica Build';
  const { form, errors } = state;
  const { offer } = draft;

  return (
    <div ref={editorRef} className="space-y-6" data-testid="build-editor">
      <h1 className="text-2xl font-bold">{heading}</h1>

      {offer && (
        <Notice tone="info" testId="draft-notice">
          <p>
            {EDITOR_MESSAGES.draftFound(offer.savedAt)}
            {offer.serverChanged && ` ${EDITOR_MESSAGES.draftOutdated}`}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                dispatch({ type: 'restoreDraft', form: offer.form });
                draft.accept();
              }}
            >
              Ripristina bozza
            </button>
            <button type="button" className={secondaryButtonClass} onClick={draft.discard}>
              Scarta bozza
            </button>
          </div>
        </Notice>
      )}

      <fieldset disabled={saving} className="min-w-0">
        <legend className="sr-only">Dati della build</legend>
        {/*
          Two columns only from 88rem (1408 px): the side column at its cards' width, the rest to the form,
          whose component table needs some 700 px for a part's name to show whole. Narrower, the cards
          follow the form.
        */}
        <div className="grid gap-6 min-[88rem]:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <section aria-labelledby={titleId} className={`${cardClass} space-y-4`}>
              <h2 id={titleId} className="text-lg font-semibold">
                Informazioni principali
              </h2>
              <TextField path="title" label="Titolo" required value={form.title} onValueChange={(value) => setField('title', value)} error={errors.title} />
              <TextAreaField path="description" label="Descrizione" rows={3} value={form.description} onValueChange={(value) => setField('description', value)} error={errors.description} />
              <MarkdownEditor value={form.content} onChange={(value) => setField('content', value)} affiliateTag={form.affiliate_tag} error={errors.content} />
            </section>
            <ComponentsSection
              components={form.components}
              errors={errors}
              facts={state.facts}
              now={state.readAt}
              retailer={retailer}
              retailerStatus={data.retailer}
              history={data.status === 'ready' ? data.history : null}
              saving={saving}
              openKey={openKey}
              onOpen={setOpenKey}
              onAdd={() => {
                const component = emptyComponent();
                dispatch({ type: 'addComponent', component });
                setOpenKey(component.key);
                return component.key;
              }}
              onRemove={(key) => dispatch({ type: 'removeComponent', key })}
              onChange={(key: string, field: ComponentField, value: string) => dispatch({ type: 'setComponentField', key, field, value })}
              onMove={(key, to) => dispatch({ type: 'moveComponent', key, to })}
              onAddFromRetailer={(item) => dispatch({ type: 'addComponent', component: componentFromRetailerItem(item) })}
              onReplaceFromRetailer={(key, item) => dispatch({ type: 'replaceProduct', key, item })}
              onLookupFound={(key, reference, item) => dispatch({ type: 'fillFromRetailer', key, reference, item })}
            />
          </div>
          <div className="min-w-0 space-y-6">
            <PublishingCard form={form} errors={errors} onChange={setField} />
            <FeaturedImageCard value={form.featured_image} title={form.title} error={errors.featured_image} onChange={(url) => setField('featured_image', url)} />
            <SeoCard form={form} errors={errors} onChange={setField} />
            <AffiliateCard form={form} errors={errors} onChange={setField} />
            {data.status === 'ready' && <PerformanceCard analytics={data.analytics} revenue={data.revenue} activeAlerts={data.activeAlerts} days={EDITOR_ANALYTICS_DAYS} />}
            {state.buildId !== null && <DealsSwitchCard buildId={state.buildId} />}
            {state.buildId !== null && <HistoryPanel buildId={state.buildId} onRestored={onRevisionRestored} />}
          </div>
        </div>
      </fieldset>

      {conflict && (
        <ConflictDialog
          message={conflict.message}
          running={saveFlow.choice}
          error={conflict.error}
          onReload={saveFlow.reload}
          onOverwrite={saveFlow.overwrite}
          onClose={saveFlow.closeConflict}
        />
      )}

      <div
        className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-900/95"
        data-testid="editor-actions"
      >
        {/* The save outcome sits by the button that asked for it, in view whatever the scroll position. */}
        {saveFlow.notice ? (
          <div className="w-full sm:mr-auto sm:w-auto sm:max-w-xl">
            <Notice tone={saveFlow.notice.tone} onDismiss={saveFlow.dismissNotice} testId="save-notice">
              <p className="font-semibold">{saveFlow.notice.title}</p>
            </Notice>
          </div>
        ) : (
          dirty && <p className="hidden text-sm text-slate-700 sm:mr-auto sm:block dark:text-slate-300">Modifiche non salvate</p>
        )}
        <Link to={paths.admin.builds()} className={`${secondaryButtonClass} flex-1 sm:flex-none`}>
          Annulla
        </Link>
        <button
          type="button"
          className={`${buttonClass} flex-1 sm:flex-none`}
          disabled={saving || retailer.running !== null}
          aria-busy={saving}
          onClick={saveFlow.save}
          data-testid="save-button"
        >
          {saving && <ButtonSpinner />}
          {saving ? 'Salvataggio...' : state.buildId === null ? 'Crea Build' : 'Aggiorna Build'}
        </button>
      </div>
    </div>
  );
}
