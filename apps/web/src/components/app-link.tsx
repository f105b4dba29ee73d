import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

function PlainLink({ to, ...rest }: AppLinkProps) {
  return <a href={to} {...rest} />;
}

/**
 * The link component of the running app: the router's Link in the full app, a plain anchor on the
 * listener's own entry, which ships without the router (docs/decisions/listener-entry.md).
 */
export const LinkComponentContext = createContext<ComponentType<AppLinkProps>>(PlainLink);

/** A link for shared public components that must work with and without the router. */
export function AppLink(props: AppLinkProps) {
  const LinkComponent = useContext(LinkComponentContext);
  return <LinkComponent {...props} />;
}
