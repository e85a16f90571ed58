import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmDialog } from './ConfirmDialog';

/*
 * Unsaved changes: every open form with changes registers here; one blocker (UnsavedChangesBlocker,
 * rendered once by the layout — a router supports only one) asks before navigating away, and the
 * browser asks before the tab is closed or reloaded.
 */
const dirtyForms = new Set<symbol>();

function beforeUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  e.returnValue = '';
}

/** Marks this component as holding unsaved changes while `dirty`. */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const id = useRef(Symbol('form')).current;
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    if (dirtyForms.size === 1) window.addEventListener('beforeunload', beforeUnload);
    return () => {
      dirtyForms.delete(id);
      if (dirtyForms.size === 0) window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [dirty, id]);
}

export function UnsavedChangesBlocker() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyForms.size > 0 && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmDialog({
      title: 'Leave without saving?',
      message: 'You have unsaved changes. If you leave this page now, they are lost.',
      confirmLabel: 'Leave',
      cancelLabel: 'Stay',
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
  return null;
}
