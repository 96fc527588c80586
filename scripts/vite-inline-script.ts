/**
 * Vite plugin: `import code from './file?inline-script'` gives the file bundled on its own (its imports
 * included), minified, as one classic script in a string, for an inline <script> in the server-rendered
 * HTML. Used for the public pages' script (src/app/page-script, decision 017): written and type-checked as
 * TypeScript like the rest of the app, shipped as ~1 KB of plain JavaScript with no framework and no
 * extra request. Works the same in `npm run dev` (Vite's SSR loader; an edit of the script reloads it)
 * and in the production build (the string is part of the server bundle).
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const QUERY = '?inline-script';
/** Vite's convention for virtual modules: other plugins (TypeScript, React Router) leave \0 ids alone. */
const PREFIX = '\0inline-script:';

export function inlineScript(): Plugin {
  return {
    name: 'inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      if (!resolved) throw new Error(`inline-script: ${source} non trovato (importato da ${importer ?? '?'})`);
      return PREFIX + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const entry = id.slice(PREFIX.length);
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'es2020',
        minify: true,
        legalComments: 'none',
        metafile: true,
        logLevel: 'silent',
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(resolve(input));
      const code = result.outputFiles[0]!.text.trim();
      // Inside <script>…</script> the HTML parser ends the element at the first "</script": refuse rather than break the page.
      if (/<\/script/i.test(code)) throw new Error(`inline-script: ${entry} contiene "</script", che chiuderebbe il tag`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
