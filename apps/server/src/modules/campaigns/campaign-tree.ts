import { type CampaignDepth, MAX_CAMPAIGN_DEPTH } from '@plansmith/contract';

/*
 * The campaign tree of one plan (DESIGN.md §16), in memory: depth, tree order, the subtree of a node
 * and the roll-ups. Pure functions over the plan's rows, so the rules are tested without a database.
 */

export type TreeNode = { id: string; parentId: string | null; name: string; startDate: string };

/** Money in cents over a set of items. */
export type RollupCents = { budget: number; planned: number; committed: number; actual: number; forecast: number; itemCount: number };

export const emptyRollup = (): RollupCents => ({ budget: 0, planned: 0, committed: 0, actual: 0, forecast: 0, itemCount: 0 });

export const addRollup = (into: RollupCents, add: RollupCents): void => {
  into.budget += add.budget;
  into.planned += add.planned;
  into.committed += add.committed;
  into.actual += add.actual;
  into.forecast += add.forecast;
  into.itemCount += add.itemCount;
};

const childrenOf = <T extends TreeNode>(nodes: readonly T[]): Map<string | null, T[]> => {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<string | null, T[]>();
  for (const node of nodes) {
    // A parent outside the list (never in a consistent plan) makes the node a root rather than losing it.
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
  return children;
};

/**
 * The nodes in tree order (every parent before its children, siblings by start date then name), each
 * with its depth (1 for a root). A node on a cycle (which the writes never make) is left out.
 */
export const treeOrder = <T extends TreeNode>(nodes: readonly T[]): Array<{ node: T; depth: number }> => {
  const children = childrenOf(nodes);
  const ordered: Array<{ node: T; depth: number }> = [];
  const visit = (parent: string | null, depth: number) => {
    for (const child of children.get(parent) ?? []) {
      ordered.push({ node: child, depth });
      visit(child.id, depth + 1);
    }
  };
  visit(null, 1);
  return ordered;
};

export const toDepth = (depth: number): CampaignDepth => (depth <= 1 ? 1 : depth === 2 ? 2 : 3);

/** The depth of a node: 1 for a root, one more per parent. */
export const depthOf = (nodes: readonly TreeNode[], id: string): number => {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let depth = 0;
  let current: string | null = id;
  const seen = new Set<string>();
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    depth += 1;
    current = byId.get(current)?.parentId ?? null;
  }
  return depth;
};

/** The ids of a node and all its descendants. */
export const subtreeOf = (nodes: readonly TreeNode[], id: string): Set<string> => {
  const children = childrenOf(nodes);
  const found = new Set<string>([id]);
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    for (const child of children.get(current) ?? []) {
      if (!found.has(child.id)) {
        found.add(child.id);
        stack.push(child.id);
      }
    }
  }
  return found;
};

/** How many levels a subtree spans: 1 for a leaf, 2 for a node with children, 3 with grandchildren. */
export const heightOf = (nodes: readonly TreeNode[], id: string): number => {
  const children = childrenOf(nodes);
  const height = (node: string, seen: Set<string>): number => {
    if (seen.has(node)) return 0;
    seen.add(node);
    return 1 + Math.max(0, ...(children.get(node) ?? []).map((child) => height(child.id, seen)));
  };
  return height(id, new Set());
};

/**
 * Why `id` cannot go under `parentId` (null: it can): a cycle (the parent is the node or one of its
 * descendants) or a depth past MAX_CAMPAIGN_DEPTH for the deepest node of the moved subtree.
 */
export const moveRefusal = (nodes: readonly TreeNode[], id: string, parentId: string | null): string | null => {
  if (parentId === null) return null;
  if (subtreeOf(nodes, id).has(parentId)) {
    return parentId === id ? 'A campaign cannot be its own parent.' : 'A campaign cannot move under one of its own sub-campaigns.';
  }
  const depth = depthOf(nodes, parentId) + heightOf(nodes, id);
  if (depth > MAX_CAMPAIGN_DEPTH) {
    return `Campaigns go at most ${MAX_CAMPAIGN_DEPTH} levels deep (program → campaign → tactic): under this parent, the deepest would be at level ${depth}.`;
  }
  return null;
};

/** Each node's roll-up: its own items plus every descendant's (`own` per campaign id). */
export const rollUp = (nodes: readonly TreeNode[], own: ReadonlyMap<string, RollupCents>): Map<string, RollupCents> => {
  const children = childrenOf(nodes);
  const totals = new Map<string, RollupCents>();
  const total = (node: TreeNode): RollupCents => {
    const sum = emptyRollup();
    addRollup(sum, own.get(node.id) ?? emptyRollup());
    for (const child of children.get(node.id) ?? []) addRollup(sum, total(child));
    totals.set(node.id, sum);
    return sum;
  };
  for (const root of children.get(null) ?? []) total(root);
  return totals;
};
