import type { QueryKey } from '@tanstack/react-query';

type KeyShape = QueryKey | ((...args: never[]) => QueryKey);

type UnderRoot<Root extends string, Shape> = Shape extends (...args: infer Args) => infer Parts
  ? Parts extends QueryKey
    ? (...args: Args) => readonly [Root, ...Parts]
    : never
  : Shape extends QueryKey
    ? readonly [Root, ...Shape]
    : never;

export type FeatureQueryKeys<Root extends string, Shapes extends Record<string, KeyShape>> = {
  readonly all: readonly [Root];
} & { readonly [Name in keyof Shapes]: UnderRoot<Root, Shapes[Name]> };

/**
 * A feature's query keys, each written without the feature's root and given back under it, plus
 * `all`, the root alone. A write refreshes `all` to re-ask every query of the feature, so a key
 * must start with the root; written once here, it cannot be misspelt in one key and miss it.
 */
export function queryKeysUnder<const Root extends string, const Shapes extends Record<string, KeyShape>>(
  root: Root,
  shapes: Shapes,
): FeatureQueryKeys<Root, Shapes> {
  const keys: Record<string, unknown> = { all: [root] };
  for (const [name, shape] of Object.entries(shapes)) {
    keys[name] =
      typeof shape === 'function' ? (...args: never[]) => [root, ...shape(...args)] : [root, ...shape];
  }
  return keys as FeatureQueryKeys<Root, Shapes>;
}
