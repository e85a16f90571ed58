import { useMatches } from 'react-router';

/** The title of the active route (the route table's `title`, in the route's handle): the page's title. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle;
  return (handle as { title?: string } | undefined)?.title;
}
