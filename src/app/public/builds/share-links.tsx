/** Share links for the four services the spec names; plain links, no third-party scripts. */
export function shareLinks(pageUrl: string, title: string) {
  const text = `Guarda questa build PC: ${title}`;
  const url = encodeURIComponent(pageUrl);
  const message = encodeURIComponent(text);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?text=${message}&url=${url}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${pageUrl}`)}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${url}&text=${message}` },
  ];
}

export function ShareLinks({ pageUrl, title }: { pageUrl: string; title: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">Condividi:</span>
      {shareLinks(pageUrl, title).map((link) => (
        <a
          key={link.name}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:border-violet-500 hover:text-violet-700 dark:border-slate-700 dark:hover:text-violet-300"
        >
          {link.name}
          <span className="sr-only"> (si apre in una nuova scheda)</span>
        </a>
      ))}
    </div>
  );
}
