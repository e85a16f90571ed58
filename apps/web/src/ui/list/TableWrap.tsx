/**
 * The scrolling box of a list's or report's table. While it is scrolled sideways it carries
 * `data-scrolled-x`, and the divider after the cells that stay in view at the left (app.css
 * `.qm-stick-edge`) shows; while columns are hidden to the right it carries `data-more-x`, and the
 * divider before the row's actions (`.qm-stick-right`) shows: a table that fits has no line where
 * nothing passes under.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function TableWrap({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = () => {
    const el = box.current;
    if (!el) return;
    const left = el.scrollLeft > 0;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  };
  // when the box or its table changes size (the window, rows, columns shown), not on every render
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  return (
    <div ref={box} className="qm-table-wrap" data-scrolled-x={edges.left || undefined} data-more-x={edges.right || undefined} onScroll={measure}>
      {children}
    </div>
  );
}
