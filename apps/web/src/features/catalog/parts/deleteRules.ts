/** Why a product cannot be deleted, as the server's rule says it (422 while published), or null. */
export function productDeleteBlocked(publishedOn: string[]): string | null {
  return publishedOn.length ? `Published on ${publishedOn.join(', ')}. Unpublish it there before deleting it.` : null;
}
