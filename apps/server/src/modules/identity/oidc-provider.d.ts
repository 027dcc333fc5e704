// oidc-provider ships no type declarations; the module uses a small part of it, typed where it is used.
declare module "oidc-provider" {
  // biome-ignore lint/suspicious/noExplicitAny: untyped package
  const Provider: any;
  export default Provider;
  // biome-ignore lint/suspicious/noExplicitAny: untyped package
  export const errors: any;
}
