// @vitest-environment happy-dom
/**
 * The component table driven by the editor's reducer, as the editor wires them: what the author does in a
 * row (type, remove, move with the buttons or Alt+arrows, open the card) goes through the reducer and
 * comes back as the rows on screen, in the order and with the positions the save would send.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect, useReducer, useState } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyComponent, toBuildInput } from '../form/build-form';
import { editorReducer, type EditorReducerState, initialEditorState } from '../editor-reducer';
import { serverBuild, serverComponent } from '../server-fixtures';
import { ComponentTable } from './component-table';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const NAMES = ['AMD Ryzen 5 7600', 'NVIDIA RTX 5060 Ti', 'Fractal Pop Air'];
const loaded = serverBuild(
  NAMES.map((name, position) => serverComponent({ id: position + 1, name, position, type: ['CPU', 'GPU', 'Case'][position], price: 100 + position, asin: null, amazon_link: null })),
);

/** The latest reducer state, for the assertions on what a save would send. */
let current: EditorReducerState;

function Editor({ onState }: { onState: (state: EditorReducerState) => void }) {
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState(loaded, NOW));
  const [openKey, setOpenKey] = useState<string | null>(null);
  useEffect(() => onState(state), [onState, state]);
  return (
    <>
      <button type="button" onClick={() => dispatch({ type: 'addComponent', component: emptyComponent() })}>
        Aggiungi
      </button>
      <ComponentTable
        components={state.form.components}
        errors={state.errors}
        facts={state.facts}
        now={state.readAt}
        replacedIds={new Set()}
        updatedAsins={new Set()}
        history={null}
        lookupEnabled={false}
        onSearchReplacement={null}
        onLookupFound={() => undefined}
        openKey={openKey}
        addedKey={null}
        onOpen={setOpenKey}
        onChange={(key, field, value) => dispatch({ type: 'setComponentField', key, field, value })}
        onRemove={(key) => dispatch({ type: 'removeComponent', key })}
        onMove={(key, to) => dispatch({ type: 'moveComponent', key, to })}
      />
    </>
  );
}

/** A data router around the editor: the rows' lookups use fetchers. */
async function renderEditor() {
  const record = (state: EditorReducerState) => {
    current = state;
  };
  const Stub = createRoutesStub([{ path: '/', Component: () => <Editor onState={record} /> }]);
  render(<Stub initialEntries={['/']} />);
  await screen.findByTestId('component-table');
}

const rows = () => screen.getAllByTestId('component-row');
const shownNames = () => rows().map((row) => within(row).queryByLabelText<HTMLInputElement>(/^Nome, /)?.value ?? null);
const savedOrder = () => toBuildInput(current.form).components.map((component) => [component.name, component.position]);

afterEach(cleanup);

describe('component table on the editor reducer', () => {
  it('shows one row per component, in order, with its type, name and price', async () => {
    await renderEditor();
    expect(shownNames()).toEqual(NAMES);
    expect(screen.getByLabelText<HTMLSelectElement>('Tipo, Componente 2').value).toBe('GPU');
    expect(screen.getByLabelText<HTMLInputElement>('Prezzo (€), Componente 3').value).toBe('102');
    expect(screen.getByLabelText('Nome, Componente 1').getAttribute('title')).toBe(NAMES[0]);
  });

  it('typing in a row changes that component in the state, and its tooltip', async () => {
    await renderEditor();
    fireEvent.change(screen.getByLabelText('Nome, Componente 2'), { target: { value: 'Radeon RX 9060 XT' } });
    expect(current.form.components[1]?.name).toBe('Radeon RX 9060 XT');
    expect(screen.getByLabelText('Nome, Componente 2').getAttribute('title')).toBe('Radeon RX 9060 XT');
    fireEvent.change(screen.getByLabelText('Tipo, Componente 2'), { target: { value: 'Other' } });
    expect(current.form.components[1]?.type).toBe('Other');
  });

  it('adding appends an empty row; removing takes that row out and renumbers the rest', async () => {
    await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(rows()).toHaveLength(4);
    expect(shownNames()).toEqual([...NAMES, '']);
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi Componente 1' }));
    expect(shownNames()).toEqual([NAMES[1], NAMES[2], '']);
    expect(current.form.components.map((component) => component.id)).toEqual([2, 3, undefined]);
    expect(within(rows()[0]!).getByRole('rowheader').textContent).toBe('Componente 1');
  });

  it('the move buttons reorder the rows and the positions; the ends do nothing; the move is announced', async () => {
    await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Sposta giù Componente 1' }));
    expect(shownNames()).toEqual([NAMES[1], NAMES[0], NAMES[2]]);
    expect(savedOrder()).toEqual([
      [NAMES[1], 0],
      [NAMES[0], 1],
      [NAMES[2], 2],
    ]);
    expect(screen.getByTestId('component-move-status').textContent).toBe(`${NAMES[0]} (Componente 1) spostato in posizione 2 di 3.`);
    const up = screen.getByRole('button', { name: 'Sposta su Componente 1' });
    expect(up.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(up);
    expect(shownNames()).toEqual([NAMES[1], NAMES[0], NAMES[2]]);
  });

  it('Alt+↑ in a row moves its component up; Alt+↓ in a select does not (it opens the list)', async () => {
    await renderEditor();
    fireEvent.keyDown(screen.getByLabelText('Nome, Componente 3'), { key: 'ArrowUp', altKey: true });
    expect(shownNames()).toEqual([NAMES[0], NAMES[2], NAMES[1]]);
    fireEvent.keyDown(screen.getByLabelText('Tipo, Componente 1'), { key: 'ArrowDown', altKey: true });
    expect(shownNames()).toEqual([NAMES[0], NAMES[2], NAMES[1]]);
  });

  it("'Dettagli' opens the component's card in place of its row; one card at a time", async () => {
    await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Dettagli di Componente 2' }));
    expect(screen.getAllByTestId('component-card')).toHaveLength(1);
    expect(rows()[1]!.getAttribute('data-open')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Dettagli di Componente 1' }));
    expect(screen.getAllByTestId('component-card')).toHaveLength(1);
    expect(rows()[0]!.getAttribute('data-open')).toBe('true');
    expect(rows()[1]!.getAttribute('data-open')).toBeNull();
  });
});
