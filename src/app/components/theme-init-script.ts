/**
 * The public pages' <head> script: applies the theme (theme.ts) before the first paint, so there is no
 * flash. It also marks the page as able to run scripts (class `js` on <html>): controls that need
 * JavaScript, the theme toggle, are hidden without it (app.css), and shown from the first paint with it.
 * A file of its own so that the page script, which bundles theme.ts, does not carry this text too.
 */
import { THEME_STORAGE_KEY } from './theme';

export const THEME_INIT_SCRIPT = `(function(){var r=document.documentElement;r.classList.add('js');try{var s=localStorage.getItem('${THEME_STORAGE_KEY}');var t=s==='light'||s==='dark'?s:(window.matchMedia('(prefers-color-scheme: light)').matches?'light':'dark');r.classList.toggle('dark',t==='dark');r.style.colorScheme=t}catch(e){}})()`;
