// Runs inside the hidden frame of the silent sign-in check. It hands the provider's answer (kept in
// the URL fragment) to the app in the parent window, in the message format oidc-client-ts listens for.
// An external file rather than an inline script because the Content-Security-Policy forbids inline code.
parent.postMessage({ source: "oidc-client", url: location.href, keepOpen: false }, location.origin);
