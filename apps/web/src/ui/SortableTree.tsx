/**
 * A tree whose items can be reordered and re-parented: by dragging (native HTML5 drag and drop: drop
 * on the upper or lower edge of a row to place before or after it, on its middle to place inside it)
 * and by keyboard-accessible buttons (move up, move down, indent, outdent). The tree itself is pure
 * data: every move produces a new tree that the screen saves (and restores if the save is refused).
 */
import './SortableTree.css';
import { useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { Group, UnstyledButton } from '@mantine/core';
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
  renderLabel: (node: T) => ReactNode;
  renderActions?: (node: T) => ReactNode;
  /** Called with the new tree and the node moved. */
  onMove?: (next: T[], movedId: number) => void;
  /** No moves (read-only users, a save in flight). */
  readOnly?: boolean;
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

export function SortableTree<T extends TreeNode>({ nodes, label, nameOf, renderLabel, renderActions, onMove, readOnly = false }: SortableTreeProps<T>) {
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [dragging, setDragging] = useState<number | null>(null);
  const [drop, setDrop] = useState<DropTarget | null>(null);
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

  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const apply = (next: T[] | null, id: number) => {
    if (next && onMove) onMove(next, id);
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
    <ul role="tree" aria-label={label} className="qm-tree">
      {rows.map(({ node, level, index, count, parent }) => {
        const hasChildren = node.children.length > 0;
        const open = !collapsed.has(node.id);
        const name = nameOf(node);
        const dropHere = drop?.id === node.id ? drop.position : undefined;
        return (
          <li
            key={node.id}
            role="treeitem"
            aria-level={level}
            aria-expanded={hasChildren ? open : undefined}
            aria-selected={false}
            aria-label={name}
            data-tree-id={node.id}
            className="qm-tree-row"
            data-drop={dropHere}
            data-dragging={dragging === node.id || undefined}
            draggable={movable}
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
              movable
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
            onDrop={movable ? (e) => onDrop(e, node) : undefined}
          >
            <Group gap={4} wrap="nowrap" style={{ paddingLeft: (level - 1) * 22 }} className="qm-tree-line">
              {movable ? <IconGrip size={14} className="qm-tree-grip" /> : null}
              {hasChildren ? (
                <UnstyledButton className="qm-tree-toggle" aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`} onClick={() => toggle(node.id)}>
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </UnstyledButton>
              ) : (
                <span className="qm-tree-toggle" aria-hidden />
              )}
              <div className="qm-tree-label">{renderLabel(node)}</div>
              {movable ? (
                <Group gap={0} wrap="nowrap" className="qm-tree-moves">
                  <MoveButton label={`Move ${name} up`} disabled={index === 0} onClick={() => apply(keyboardMove(nodes, node.id, 'up'), node.id)}>
                    <IconArrowUp size={14} />
                  </MoveButton>
                  <MoveButton label={`Move ${name} down`} disabled={index === count - 1} onClick={() => apply(keyboardMove(nodes, node.id, 'down'), node.id)}>
                    <IconArrowDown size={14} />
                  </MoveButton>
                  <MoveButton label={`Indent ${name}`} disabled={index === 0} onClick={() => apply(keyboardMove(nodes, node.id, 'indent'), node.id)}>
                    <IconIndent size={14} />
                  </MoveButton>
                  <MoveButton label={`Outdent ${name}`} disabled={!parent} onClick={() => apply(keyboardMove(nodes, node.id, 'outdent'), node.id)}>
                    <IconOutdent size={14} />
                  </MoveButton>
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

function MoveButton(props: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return <IconButton {...props} color="gray" />;
}
