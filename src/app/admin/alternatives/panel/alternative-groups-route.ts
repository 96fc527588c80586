/** Resource route of the editor's alternatives panel (no screen): the groups a group add can choose from. */
import { loadGroups } from './panel-data';
import type { Route } from './+types/alternative-groups-route';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadGroups(request.signal);
}
