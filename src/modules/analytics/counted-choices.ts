/**
 * What a visitor's accepted choice (decision 030) counts under: a swap under the alternative's ASIN and
 * name, an owned part under its component's product and name. The choices arrive typed and already checked
 * against the build by the personalisation service; a choice is kept as the build's component and
 * product, never with the visitor.
 */
import type { AcceptedChoice, VisitorChoice } from '../personalization';
import { productOf } from './analytics.repository';
import type { ChoiceCountRow, ChoosableComponent } from './choices.repository';

/** A counted choice: what it adds 1 to. */
export type CountedChoice = Omit<ChoiceCountRow, 'count'>;

/** The row an accepted choice of the build's `component` adds to. */
export function countedChoiceOf(choice: AcceptedChoice, component: ChoosableComponent): CountedChoice {
  return choice.kind === 'swap'
    ? { kind: 'swap', componentId: component.id, product: choice.asin, name: choice.name }
    : { kind: 'owned', componentId: component.id, product: productOf(component) ?? '', name: component.name };
}

/**
 * The text of a choice's claim key after build and visitor (visit-counter.ts). Written, never read back:
 * it is the spelling the claims already stored were made with (`scegli:{id}:{ASIN}`, `possiedo:{id}`),
 * so a choice claimed before still counts once in its 30 minutes.
 */
export function claimTextOf(choice: VisitorChoice): string {
  return choice.kind === 'swap' ? `scegli:${choice.componentId}:${choice.asin}` : `possiedo:${choice.componentId}`;
}
