// A small path router over the History API: the server answers every client route with the
// same page, so links are ordinary URLs that can be bookmarked and opened in a new tab.
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';

const listeners = new Set<() => void>();

export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  for (const l of listeners) l();
  window.scrollTo(0, 0);
}

export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

export function Link(props: {
  to: string;
  children?: ReactNode;
  className?: string;
  current?: boolean;
}) {
  return (
    <a
      href={props.to}
      className={props.className}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event: MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
