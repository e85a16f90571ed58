/**
 * The scrolling box of a list's or report's table. While it is scrolled sideways it carries
 * `data-scrolled-x`, and the divider after the cells that stay in view (app.css `.qm-stick-edge`)
 * shows: a table that fits, or one not yet scrolled, has no line where nothing passes under.
 */
import { useState, type ReactNode, type UIEvent } from 'react';

export function TableWrap({ children }: { children: ReactNode }) {
  const [scrolled, setScrolled] = useState(false);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const now = e.currentTarget.scrollLeft > 0;
    if (now !== scrolled) setScrolled(now);
  };
  return (
    <div className="qm-table-wrap" data-scrolled-x={scrolled || undefined} onScroll={onScroll}>
      {children}
    </div>
  );
}
