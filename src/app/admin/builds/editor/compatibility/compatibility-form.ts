/**
 * The editor's live compatibility checks (decision 023): the form's components, as typed, through the same
 * extraction and checks as the server's API and the public page, so what the author sees while editing
 * is what the saved build will show. Pure, for the panel and the tests.
 */
import { type AssessedComponent, assessBuild, resolveAttributes } from '../../../../../compatibility/assess';
import type { ComponentAttributes } from '../../../../../compatibility/attributes';
import type { CompatibilityReport } from '../../../../../compatibility/checks';
import { readOverrides } from '../../../../../compatibility/overrides';
import { type ComponentForm, type OverrideField, overridesInput } from '../form/build-form';

/** The overrides the form holds; a value the save would refuse (a watt count still being typed) counts as none yet. */
export function overridesOfForm(component: Pick<ComponentForm, OverrideField>): ComponentAttributes {
  return readOverrides(overridesInput(component));
}

export function assessedOfForm(component: ComponentForm): AssessedComponent {
  return { type: component.type, name: component.name, brand: component.brand, model: component.model, specs: component.specs, attribute_overrides: overridesOfForm(component) };
}

/** The attributes derived from the component's text alone: what "Automatico" stands for in its inputs. */
export function derivedOfForm(component: ComponentForm): ComponentAttributes {
  return resolveAttributes({ ...assessedOfForm(component), attribute_overrides: {} });
}

export function compatibilityOfForm(components: readonly ComponentForm[]): CompatibilityReport {
  return assessBuild(components.map(assessedOfForm));
}
