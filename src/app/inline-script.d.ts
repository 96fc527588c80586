/** `import code from './file?inline-script'`: the file bundled as one minified classic script (scripts/vite-inline-script.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
