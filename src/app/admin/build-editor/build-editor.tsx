/**
 * The build editor (spec section 2 "Build editor", sections 3-5, 8): /admin/builds/new and
 * /admin/builds/edit/{id}. Main fields and components on the left, publishing, image, SEO and affiliate
 * cards on the right (one column on phones), and a sticky bar with 'Annulla' and the save button.
 *
 * Not a <form> element: the import and cover dialogs hold forms of their own, and Enter in a field
 * should not save a long article by accident. Saving is the sticky bar's button.
 */
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { BuildAdmin } from '../../../modules/builds/builds.types';
import { api, ApiError, errorFields, errorMessage } from '../api-client';
import { AdminSpinner, buttonClass, cardClass, Notice, secondaryButtonClass } from '../ui';
import {
  type BuildField,
  type BuildInputBody,
  type ComponentField,
  emptyComponent,
  type FieldErrors,
  fieldMessage,
  formSnapshot,
  toBuildInput,
  validateBuildForm,
} from './build-form';
import { ButtonSpinner } from './button-spinner';
import { ComponentsSection } from './components-section';
import { type ConflictChoice, ConflictDialog } from './conflict-dialog';
import { editorReducer, initialEditorState } from './editor-reducer';
import { FeaturedImageCard } from './featured-image-card';
import { TextAreaField, TextField } from './form-fields';
import { MarkdownEditor } from './markdown-editor';
import { changedOnlyInComponentFields, overwriteInput } from './merge-server';
import { SeoCard } from './seo-card';
import { AffiliateCard, PublishingCard } from './side-cards';
import { useDraftRecovery } from './use-draft-recovery';
import { useRetailerActions } from './use-retailer-actions';
import { useUnsavedChangesWarning } from './use-unsaved-changes';

const MESSAGES = {
  loadFailed: 'Errore nel caricamento della build',
  saveFailed: 'Errore nel salvataggio della build',
  created: 'Build creata con successo!',
  updated: 'Build aggiornata con successo!',
  invalid: 'Correggi i campi evidenziati prima di salvare.',
  draftFound: (savedAt: string) => `È presente una bozza non salvata di questa build del ${formatDateTime(savedAt)}.`,
  draftOutdated: 'La build è stata modificata dopo il salvataggio della bozza.',
  conflict: "La build è stata modificata altrove dopo che l'hai aperta. Ricarica per vedere la versione attuale.",
  reloaded: "Questa è la versione attuale della build. Le tue modifiche sono nella bozza: riprendile con 'Ripristina bozza'.",
  reloadFailed: 'Impossibile caricare la versione attuale della build',
  changedAgain: 'La build è stata modificata di nuovo nel frattempo: scegli ancora.',
} as const;

type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; detail: string | null };
type SaveNotice = { tone: 'success' | 'error' | 'info'; title: string } | null;
/** The conflict dialog while open: the server's message, the choice running, why the last one failed. */
type Conflict = { message: string; running: ConflictChoice | null; error: string | null } | null;
/** A conflict carries the server's message, which the dialog shows. */
type SaveOutcome = { status: 'saved' | 'failed' } | { status: 'conflict'; message: string };

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT';

/** `routeId`: the :id of /admin/builds/edit/:id, undefined on /admin/builds/new. */
export function BuildEditor({ routeId }: { routeId: string | undefined }) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, undefined, initialEditorState);
  const [load, setLoad] = useState<LoadState>(routeId === undefined ? { status: 'ready' } : { status: 'loading' });
  // The saved build this editor holds: set by a load or by the first save of a new build.
  const [buildId, setBuildId] = useState<number | null>(null);
  const [buildUpdatedAt, setBuildUpdatedAt] = useState<string | null>(null);
  const heldIdRef = useRef<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveNotice, setSaveNotice] = useState<SaveNotice>(null);
  const [conflict, setConflict] = useState<Conflict>(null);
  // Bumped by 'Ricarica': the draft notice takes the focus once the dialog has gone.
  const [draftFocusRequest, setDraftFocusRequest] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const editorRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const formRef = useRef(state.form);
  formRef.current = state.form;
  const baselineRef = useRef(state.baseline);
  baselineRef.current = state.baseline;
  const getForm = useCallback(() => formRef.current, []);
  // After the editor's own smart replacement or price update: the new version is the editor's only when
  // that action is all that changed (merge-server.ts), else the next save must meet the conflict.
  const keepUpdatedAt = useCallback((build: BuildAdmin) => {
    if (changedOnlyInComponentFields(baselineRef.current, build)) setBuildUpdatedAt(build.updated_at);
  }, []);
  const retailer = useRetailerActions({ buildId, dispatch, getForm, onReloaded: keepUpdatedAt });

  const dirty = formSnapshot(state.form) !== formSnapshot(state.baseline);
  const { markSaved } = useUnsavedChangesWarning(dirty);
  const draft = useDraftRecovery({ ready: load.status === 'ready', buildId, buildUpdatedAt, form: state.form, baseline: state.baseline, dirty });

  const hold = useCallback((id: number | null) => {
    heldIdRef.current = id;
    setBuildId(id);
  }, []);

  useEffect(() => {
    if (routeId === undefined) {
      hold(null);
      setBuildUpdatedAt(null);
      dispatch({ type: 'reset' });
      setLoad({ status: 'ready' });
      return;
    }
    // The build just created here: the editor already holds what the server saved.
    if (heldIdRef.current !== null && String(heldIdRef.current) === routeId) return;
    let active = true;
    setLoad({ status: 'loading' });
    setSaveNotice(null);
    api
      .get<{ build: BuildAdmin }>(`/admin/builds/${encodeURIComponent(routeId)}`)
      .then(({ build }) => {
        if (!active) return;
        dispatch({ type: 'loaded', build });
        hold(build.id);
        setBuildUpdatedAt(build.updated_at);
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!active) return;
        hold(null);
        const detail = errorMessage(error, MESSAGES.loadFailed);
        setLoad({ status: 'error', detail: detail === MESSAGES.loadFailed ? null : detail });
      });
    return () => {
      active = false;
    };
  }, [routeId, hold]);

  // Focus moves to the first invalid field once the errors are on screen (DOM order = reading order).
  useEffect(() => {
    if (focusRequest === 0) return;
    const target = editorRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-focus-error]');
    target?.focus();
  }, [focusRequest]);

  useEffect(() => {
    if (draftFocusRequest === 0) return;
    const restore = editorRef.current?.querySelector<HTMLElement>('[data-testid="draft-notice"] button');
    restore?.scrollIntoView({ block: 'center' });
    restore?.focus();
  }, [draftFocusRequest]);

  // The sticky bar covers the bottom of the window: fields focused by keyboard scroll above it.
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = '6rem';
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, []);

  function showErrors(errors: FieldErrors) {
    dispatch({ type: 'setErrors', errors });
    setFocusRequest((n) => n + 1);
  }

  async function save() {
    if (saving || retailer.running) return;
    const errors = validateBuildForm(state.form);
    if (Object.keys(errors).length > 0) {
      setSaveNotice({ tone: 'error', title: MESSAGES.invalid });
      showErrors(errors);
      return;
    }
    const outcome = await submit(toBuildInput(state.form), buildUpdatedAt);
    if (outcome.status === 'conflict') setConflict({ message: outcome.message, running: null, error: null });
  }

  /**
   * Creates the build, or saves it on the condition that the server still holds `version` (the
   * updated_at the form is based on): a build changed elsewhere meanwhile answers 409 and keeps its version.
   */
  async function submit(body: BuildInputBody, version: string | null): Promise<SaveOutcome> {
    setSaving(true);
    setSaveNotice(null);
    try {
      const creating = buildId === null;
      const { build } = creating
        ? await api.post<{ build: BuildAdmin }>('/admin/builds', body)
        : await api.put<{ build: BuildAdmin }>(`/admin/builds/${buildId}`, { ...body, updated_at: version });
      draft.clear();
      dispatch({ type: 'loaded', build });
      hold(build.id);
      setBuildUpdatedAt(build.updated_at);
      setSaveNotice({ tone: 'success', title: creating ? MESSAGES.created : MESSAGES.updated });
      if (creating) {
        markSaved();
        navigate(paths.admin.editBuild(build.id), { replace: true });
      }
      return { status: 'saved' };
    } catch (error) {
      const fields = Object.fromEntries(Object.entries(errorFields(error)).map(([path, message]) => [path, fieldMessage(message)]));
      setSaveNotice({ tone: 'error', title: errorMessage(error, MESSAGES.saveFailed) });
      if (isConflict(error)) return { status: 'conflict', message: errorMessage(error, MESSAGES.conflict) };
      if (Object.keys(fields).length > 0) showErrors(fields);
      return { status: 'failed' };
    } finally {
      setSaving(false);
    }
  }

  /** The build as the server holds it now, or null with the reason shown in the conflict dialog. */
  async function readCurrent(id: number): Promise<BuildAdmin | null> {
    try {
      return (await api.get<{ build: BuildAdmin }>(`/admin/builds/${id}`)).build;
    } catch (error) {
      setConflict((open) => open && { ...open, running: null, error: errorMessage(error, MESSAGES.reloadFailed) });
      return null;
    }
  }

  /** 'Ricarica': the current version on screen; the author's form kept as the draft, offered back at once. */
  async function reloadAfterConflict() {
    if (buildId === null) return;
    setConflict((open) => open && { ...open, running: 'reload', error: null });
    const current = await readCurrent(buildId);
    if (!current) return;
    draft.keep(formRef.current, buildUpdatedAt);
    dispatch({ type: 'loaded', build: current });
    setBuildUpdatedAt(current.updated_at);
    setConflict(null);
    setSaveNotice({ tone: 'info', title: MESSAGES.reloaded });
    setDraftFocusRequest((n) => n + 1);
  }

  /** 'Sovrascrivi': the author's form saved over the version the server holds now. */
  async function overwriteAfterConflict() {
    if (buildId === null) return;
    setConflict((open) => open && { ...open, running: 'overwrite', error: null });
    const current = await readCurrent(buildId);
    if (!current) return;
    const outcome = await submit(overwriteInput(toBuildInput(formRef.current), current), current.updated_at);
    // Changed once more between the read and the save: the author decides again.
    setConflict(outcome.status === 'conflict' ? { message: outcome.message, running: null, error: MESSAGES.changedAgain } : null);
  }

  const setField = (field: BuildField, value: string) => dispatch({ type: 'setField', field, value });
  const heading = routeId === undefined ? 'Nuova Build' : 'Modifica Build';

  if (load.status === 'loading') return <AdminSpinner label="Caricamento della build..." />;
  if (load.status === 'error') {
    return (
      <div className="max-w-3xl space-y-6">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <Notice tone="error" testId="load-error">
          <p className="font-semibold">{MESSAGES.loadFailed}</p>
          {load.detail && <p>{load.detail}</p>}
        </Notice>
        <Link to={paths.admin.builds()} className={secondaryButtonClass}>
          Torna alle build
        </Link>
      </div>
    );
  }

  const { form, errors } = state;
  const { offer } = draft;
  return (
    <div ref={editorRef} className="space-y-6" data-testid="build-editor">
      <h1 className="text-2xl font-bold">{heading}</h1>

      {offer && (
        <Notice tone="info" testId="draft-notice">
          <p>
            {MESSAGES.draftFound(offer.savedAt)}
            {offer.serverChanged && ` ${MESSAGES.draftOutdated}`}
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
        <div className="grid gap-6 xl:grid-cols-3">
          <div className="min-w-0 space-y-6 xl:col-span-2">
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
              retailer={retailer}
              saving={saving}
              onAdd={() => {
                const component = emptyComponent();
                dispatch({ type: 'addComponent', component });
                return component.key;
              }}
              onRemove={(key) => dispatch({ type: 'removeComponent', key })}
              onChange={(key: string, field: ComponentField, value: string) => dispatch({ type: 'setComponentField', key, field, value })}
            />
          </div>
          <div className="min-w-0 space-y-6">
            <PublishingCard form={form} errors={errors} onChange={setField} />
            <FeaturedImageCard value={form.featured_image} title={form.title} error={errors.featured_image} onChange={(url) => setField('featured_image', url)} />
            <SeoCard form={form} errors={errors} onChange={setField} />
            <AffiliateCard form={form} errors={errors} onChange={setField} />
          </div>
        </div>
      </fieldset>

      {conflict && (
        <ConflictDialog
          message={conflict.message}
          running={conflict.running}
          error={conflict.error}
          onReload={() => void reloadAfterConflict()}
          onOverwrite={() => void overwriteAfterConflict()}
          onClose={() => setConflict(null)}
        />
      )}

      <div
        className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-900/95"
        data-testid="editor-actions"
      >
        {/* The save outcome sits by the button that asked for it, in view whatever the scroll position. */}
        {saveNotice ? (
          <div className="w-full sm:mr-auto sm:w-auto sm:max-w-xl">
            <Notice tone={saveNotice.tone} onDismiss={() => setSaveNotice(null)} testId="save-notice">
              <p className="font-semibold">{saveNotice.title}</p>
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
          onClick={() => void save()}
          data-testid="save-button"
        >
          {saving && <ButtonSpinner />}
          {saving ? 'Salvataggio...' : buildId === null ? 'Crea Build' : 'Aggiorna Build'}
        </button>
      </div>
    </div>
  );
}
