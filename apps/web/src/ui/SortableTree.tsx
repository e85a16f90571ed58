/**
 * A tree whose items can be reordered and re-parented: by dragging (native HTML5 drag and drop: drop
 * on the upper or lower edge of a row to place before or after it, on its middle to place inside it),
 * by buttons (move up, move down, indent, outdent) and by keys. The tree itself is pure data: every
 * move produces a new tree that the screen saves (and restores if the save is refused).
 *
 * Keyboard (the ARIA tree pattern): the tree is one tab stop; ↑ ↓ Home End go through the rows, → opens
 * a row or goes to its first child, ← closes it or goes to its parent, Alt+Shift+↑ ↓ move the row,
 * Alt+Shift+→ files it inside the row above, Alt+Shift+← takes it out of its parent. Tab goes from the
 * row to its own buttons, then out of the tree. After a move, focus stays on what was used.
 */
import './SortableTree.css';
import { useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight, IconGrip, IconIndent, IconOutdent } from './icons';
import { IconButton } from './IconButton';

export interface TreeNode {
  id: number;
  parent_id: number | null;
  sort_order: number;
  children: TreeNode[];
}

export interface TreePlacement {
  id: number;
  parent_id: number | null;
  sort_order: number;
}

export type DropPosition = 'before' | 'after' | 'inside';

/** Every node of the tree, depth first, with its parent and its index among its siblings. */
export function flattenTree(nodes: readonly TreeNode[], parentId: number | null = null): TreePlacement[] {
  return nodes.flatMap((n, i) => [{ id: n.id, parent_id: parentId, sort_order: i }, ...flattenTree(n.children, n.id)]);
}

function findPath(nodes: readonly TreeNode[], id: number, path: TreeNode[] = []): TreeNode[] | null {
  for (const n of nodes) {
    if (n.id === id) return [...path, n];
    const inner = findPath(n.children, id, [...path, n]);
    if (inner) return inner;
  }
  return null;
}

function siblingsOf<T extends TreeNode>(tree: T[], id: number): { list: T[]; index: number; parent: T | null } | null {
  const path = findPath(tree, id) as T[] | null;
  if (!path) return null;
  const parent = path.length > 1 ? path[path.length - 2]! : null;
  const list = (parent ? parent.children : tree) as T[];
  return { list, index: list.findIndex((n) => n.id === id), parent };
}

function cloneTree<T extends TreeNode>(nodes: readonly T[]): T[] {
  return nodes.map((n) => ({ ...n, children: cloneTree(n.children) }));
}

/** Renumbers parent_id and sort_order after a move. */
function renumber<T extends TreeNode>(nodes: T[], parentId: number | null = null): T[] {
  nodes.forEach((n, i) => {
    n.parent_id = parentId;
    n.sort_order = i;
    renumber(n.children, n.id);
  });
  return nodes;
}

/**
 * The tree after moving `dragId` before, after or inside `targetId`; null when the move is impossible
 * (onto itself or into its own subtree) or changes nothing.
 */
export function moveNode<T extends TreeNode>(tree: readonly T[], dragId: number, targetId: number, position: DropPosition): T[] | null {
  if (dragId === targetId) return null;
  const targetPath = findPath(tree, targetId);
  if (!targetPath || targetPath.some((n) => n.id === dragId)) return null;
  const next = cloneTree(tree);
  const from = siblingsOf(next, dragId);
  if (!from) return null;
  const [moved] = from.list.splice(from.index, 1);
  if (position === 'inside') {
    const target = findPath(next, targetId)!.at(-1)!;
    target.children.push(moved!);
  } else {
    const to = siblingsOf(next, targetId)!;
    to.list.splice(position === 'before' ? to.index : to.index + 1, 0, moved!);
  }
  renumber(next);
  const before = JSON.stringify(flattenTree(tree));
  return JSON.stringify(flattenTree(next)) === before ? null : next;
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent';

/** The tree after a keyboard move of `id`; null when that move is not possible there. */
export function keyboardMove<T extends TreeNode>(tree: readonly T[], id: number, move: KeyboardMove): T[] | null {
  const at = siblingsOf(tree as T[], id);
  if (!at) return null;
  const { list, index, parent } = at;
  switch (move) {
    case 'up':
      return index > 0 ? moveNode(tree, id, list[index - 1]!.id, 'before') : null;
    case 'down':
      return index < list.length - 1 ? moveNode(tree, id, list[index + 1]!.id, 'after') : null;
    case 'indent':
      return index > 0 ? moveNode(tree, id, list[index - 1]!.id, 'inside') : null;
    case 'outdent':
      return parent ? moveNode(tree, id, parent.id, 'after') : null;
  }
}

export interface SortableTreeProps<T extends TreeNode> {
  nodes: T[];
  /** Accessible name of the tree. */
  label: string;
  /** Name of a node for buttons and announcements. */
  nameOf: (node: T) => string;
  /** What a row shows; the row is named by it (all its text), so keep the name first. */
  renderLabel: (node: T) => ReactNode;
  renderActions?: (node: T) => ReactNode;
  /** Called with the new tree and the node moved. */
  onMove?: (next: T[], movedId: number) => void;
  /** No moves and no move buttons (read-only users). */
  readOnly?: boolean;
  /** Moves are ignored for now (a save in flight); the buttons stay where they are. */
  busy?: boolean;
}

interface DropTarget {
  id: number;
  position: DropPosition;
}

function dropPositionOf(e: DragEvent<HTMLElement>): DropPosition {
  const rect = e.currentTarget.getBoundingClientRect();
  const y = e.clientY - rect.top;
  if (y < rect.height * 0.3) return 'before';
  if (y > rect.height * 0.7) return 'after';
  return 'inside';
}

const MOVE_KEYS: Record<string, KeyboardMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'indent', ArrowLeft: 'outdent' };
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Where focus goes back after a move re-renders the tree: the row, or one of its buttons by name. */
interface Refocus {
  id: number;
  button?: string;
}

export function SortableTree<T extends TreeNode>({ nodes, label, nameOf, renderLabel, renderActions, onMove, readOnly = false, busy = false }: SortableTreeProps<T>) {
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [dragging, setDragging] = useState<number | null>(null);
  const [drop, setDrop] = useState<DropTarget | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const refocus = useRef<Refocus | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  const movable = !readOnly && Boolean(onMove);

  const rows = useMemo(() => {
    const out: { node: T; level: number; index: number; count: number; parent: T | null }[] = [];
    const walk = (list: T[], level: number, parent: T | null) =>
      list.forEach((node, index) => {
        out.push({ node, level, index, count: list.length, parent });
        if (!collapsed.has(node.id)) walk(node.children as T[], level + 1, node);
      });
    walk(nodes, 1, null);
    return out;
  }, [nodes, collapsed]);

  // The row that takes focus when Tab enters the tree: the last one used, else the first.
  const current = rows.some((r) => r.node.id === active) ? active : (rows[0]?.node.id ?? null);

  // Roving focus: only the current row and its own controls are in the tab order.
  useLayoutEffect(() => {
    const tree = treeRef.current;
    if (!tree) return;
    for (const li of Array.from(tree.querySelectorAll<HTMLElement>('li[data-tree-id]'))) {
      const mine = Number(li.dataset.treeId) === current;
      li.tabIndex = mine ? 0 : -1;
      for (const el of Array.from(li.querySelectorAll<HTMLElement>(FOCUSABLE))) el.tabIndex = mine ? 0 : -1;
    }
    // A move re-inserts the row's DOM node, which drops focus: it goes back where it was (the
    // button used, or the row when that button is now disabled), until the move is saved or undone.
    const want = refocus.current;
    if (!want) return;
    const li = tree.querySelector<HTMLElement>(`li[data-tree-id="${want.id}"]`);
    const lost = !document.activeElement || document.activeElement === document.body;
    if (li && lost) {
      const button = want.button ? li.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(want.button)}"]`) : null;
      (button && !button.disabled ? button : li).focus();
    }
    if (!busy) refocus.current = null;
  });

  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const apply = (next: T[] | null, id: number, button?: string) => {
    if (!next || !onMove || busy) return;
    setActive(id);
    refocus.current = { id, button };
    onMove(next, id);
  };

  const focusRow = (id: number | undefined) => {
    if (id === undefined) return;
    setActive(id);
    treeRef.current?.querySelector<HTMLElement>(`li[data-tree-id="${id}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, row: (typeof rows)[number]) => {
    if (e.target !== e.currentTarget) return; // keys typed on the row's own buttons are theirs
    const { node, parent } = row;
    const at = rows.indexOf(row);
    const open = node.children.length > 0 && !collapsed.has(node.id);
    if (e.altKey && e.shiftKey && MOVE_KEYS[e.key]) {
      e.preventDefault();
      if (movable) apply(keyboardMove(nodes, node.id, MOVE_KEYS[e.key]!), node.id);
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const go = (id: number | undefined) => {
      e.preventDefault();
      focusRow(id);
    };
    switch (e.key) {
      case 'ArrowDown':
        return go(rows[at + 1]?.node.id);
      case 'ArrowUp':
        return go(rows[at - 1]?.node.id);
      case 'Home':
        return go(rows[0]?.node.id);
      case 'End':
        return go(rows[rows.length - 1]?.node.id);
      case 'ArrowRight':
        e.preventDefault();
        if (node.children.length === 0) return;
        if (!open) toggle(node.id);
        else focusRow(node.children[0]!.id);
        return;
      case 'ArrowLeft':
        e.preventDefault();
        if (open) toggle(node.id);
        else if (parent) focusRow(parent.id);
        return;
    }
  };

  const onDrop = (e: DragEvent<HTMLElement>, target: T) => {
    e.preventDefault();
    const dragId = dragging ?? Number(e.dataTransfer.getData('text/plain'));
    const position = dropPositionOf(e);
    setDrop(null);
    setDragging(null);
    if (!dragId) return;
    apply(moveNode(nodes, dragId, target.id, position), dragId);
  };

  return (
    <ul role="tree" aria-label={label} className="qm-tree" ref={treeRef}>
      {rows.map((row) => {
        const { node, level, index, count, parent } = row;
        const hasChildren = node.children.length > 0;
        const open = !collapsed.has(node.id);
        const name = nameOf(node);
        const labelId = `qm-tree-label-${node.id}`;
        const dropHere = drop?.id === node.id ? drop.position : undefined;
        const move = (how: KeyboardMove, text: string) => ({
          label: text,
          onClick: () => apply(keyboardMove(nodes, node.id, how), node.id, text),
        });
        return (
          <li
            key={node.id}
            role="treeitem"
            aria-level={level}
            aria-posinset={index + 1}
            aria-setsize={count}
            aria-expanded={hasChildren ? open : undefined}
            // Named by everything the row shows (WCAG 2.5.3): its label; its buttons are named apart.
            aria-labelledby={labelId}
            aria-keyshortcuts={movable ? 'Alt+Shift+ArrowUp Alt+Shift+ArrowDown Alt+Shift+ArrowRight Alt+Shift+ArrowLeft' : undefined}
            data-tree-id={node.id}
            data-tree-name={name}
            className="qm-tree-row"
            data-drop={dropHere}
            data-dragging={dragging === node.id || undefined}
            draggable={movable && !busy}
            onKeyDown={(e) => onKeyDown(e, row)}
            onFocus={() => setActive(node.id)}
            onDragStart={(e) => {
              e.stopPropagation();
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(node.id));
              setDragging(node.id);
            }}
            onDragEnd={() => {
              setDragging(null);
              setDrop(null);
            }}
            onDragOver={
              movable && !busy
                ? (e) => {
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                    const position = dropPositionOf(e);
                    if (drop?.id !== node.id || drop.position !== position) setDrop({ id: node.id, position });
                  }
                : undefined
            }
            onDragLeave={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null) && drop?.id === node.id) setDrop(null);
            }}
            onDrop={movable && !busy ? (e) => onDrop(e, node) : undefined}
          >
            <Group gap={4} wrap="nowrap" style={{ paddingLeft: (level - 1) * 22 }} className="qm-tree-line">
              {movable ? <IconGrip size={14} className="qm-tree-grip" /> : null}
              {hasChildren ? (
                // The row itself opens and closes with → and ← (and says whether it is open); the
                // chevron is for the mouse.
                <span className="qm-tree-toggle" aria-hidden onClick={() => toggle(node.id)}>
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </span>
              ) : (
                <span className="qm-tree-toggle" aria-hidden />
              )}
              <div className="qm-tree-label" id={labelId}>
                {renderLabel(node)}
              </div>
              {movable ? (
                <Group gap={0} wrap="nowrap" className="qm-tree-moves">
                  <IconButton {...move('up', `Move ${name} up`)} color="gray" disabled={index === 0}>
                    <IconArrowUp size={14} />
                  </IconButton>
                  <IconButton {...move('down', `Move ${name} down`)} color="gray" disabled={index === count - 1}>
                    <IconArrowDown size={14} />
                  </IconButton>
                  <IconButton {...move('indent', `Indent ${name}`)} color="gray" disabled={index === 0}>
                    <IconIndent size={14} />
                  </IconButton>
                  <IconButton {...move('outdent', `Outdent ${name}`)} color="gray" disabled={!parent}>
                    <IconOutdent size={14} />
                  </IconButton>
                </Group>
              ) : null}
              {renderActions ? <div className="qm-tree-actions">{renderActions(node)}</div> : null}
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
