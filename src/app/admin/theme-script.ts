/**
 * Admin theme constants, kept apart from the admin components so the root layout can inline the script without
 * pulling admin code into the public bundle. As the product spec's "States and transitions" has it: the remembered
 * choice ('admin-dark-mode' = 'true'/'false') wins, else the system preference; applied as admin-dark / admin-light
 * on <html>, with Tailwind's `dark` class in step.
 */
export const ADMIN_THEME_STORAGE_KEY = 'admin-dark-mode';

export const ADMIN_THEME_INIT_SCRIPT = `(function(){try{var s=null;try{s=localStorage.getItem('${ADMIN_THEME_STORAGE_KEY}')}catch(e){}var d=s==='true'?true:s==='false'?false:window.matchMedia('(prefers-color-scheme: dark)').matches;var r=document.documentElement;r.classList.remove('admin-dark','admin-light');r.classList.add(d?'admin-dark':'admin-light');r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light'}catch(e){}})()`;
