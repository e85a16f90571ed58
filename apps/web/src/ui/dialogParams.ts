import { useSearchParams } from 'react-router';

/**
 * Which form dialog is open lives in the URL beside the list state (`?dialog=new`, `?edit=<id>`),
 * so an open dialog can be bookmarked, shared and closed with the browser's Back button.
 */
export function useDialogParams() {
  const [params, setParams] = useSearchParams();
  const editParam = params.get('edit');
  const set = (name: 'dialog' | 'edit' | null, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('dialog');
        next.delete('edit');
        if (name && value !== null) next.set(name, value);
        return next;
      },
      { replace: value === null },
    );
  return {
    /** Id of the item whose edit dialog is open. */
    editId: editParam && /^\d+$/.test(editParam) ? Number(editParam) : null,
    /** The "new" dialog is open. */
    creating: params.get('dialog') === 'new',
    openNew: () => set('dialog', 'new'),
    openEdit: (id: number) => set('edit', String(id)),
    close: () => set(null, null),
  };
}
