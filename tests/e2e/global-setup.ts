/** Builds the production bundle once before the browser journeys. */
import { execSync } from 'node:child_process';

export default function setup() {
  execSync('npm run build', { stdio: 'inherit' });
}
