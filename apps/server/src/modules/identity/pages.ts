import { realmRoleLabels } from "@openverde/frameworks/role-labels";
import { escapeHtml } from "../../platform/text/html";
import { MIN_PASSWORD_LENGTH } from "./passwords";

/** Marks a string as HTML that is already safe. */
export interface Html {
  readonly html: string;
}
export const raw = (html: string): Html => ({ html });
const render = (part: Html | string | undefined) =>
  part === undefined ? "" : typeof part === "string" ? escapeHtml(part) : part.html;

/** Template literal that escapes every interpolated value unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: (Html | string | undefined)[]): Html {
  return raw(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i]) : ""), ""));
}
export const join = (parts: Html[]): Html => raw(parts.map((part) => part.html).join(""));

/** Where the product's design tokens are served (the web app's build, or the source, see theme.ts). */
export const TOKENS_PATH = "/theme/tokens.css";

// Every colour, font, space and shadow comes from the design tokens, so these pages change with the product.
const STYLE = `
*{box-sizing:border-box}
html{font-family:var(--ov-font-sans);color:var(--ov-text);background:var(--ov-surface-muted);line-height:1.6;-webkit-font-smoothing:antialiased}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header.brand{background:var(--ov-surface);border-bottom:1px solid var(--ov-border)}
header.brand .inner{max-width:var(--ov-content-width);margin:0 auto;padding:var(--ov-space-3) var(--ov-space-5)}
header.brand a{display:inline-flex;align-items:center;gap:var(--ov-space-2);color:var(--ov-text-strong);text-decoration:none;font-size:1.35rem;letter-spacing:-.01em}
header.brand svg{width:2rem;height:2rem;flex:none}
header.brand .tile{fill:var(--ov-primary-500)}
header.brand .leaf{fill:#fff}
main{flex:1 0 auto;display:flex;justify-content:center;align-items:flex-start;padding:var(--ov-space-7) var(--ov-space-4)}
.card{background:var(--ov-surface);width:100%;max-width:28rem;padding:var(--ov-space-6);border-radius:var(--ov-radius-xs);box-shadow:var(--ov-shadow-card);border-top:4px solid var(--ov-primary-500)}
.card.wide{max-width:40rem}
h1,h2{color:var(--ov-text-strong);line-height:1.2;letter-spacing:-.01em}
h1{font-size:1.5rem;margin:0 0 var(--ov-space-2)}
h2{font-size:1.1rem;margin:var(--ov-space-6) 0 var(--ov-space-3);padding-top:var(--ov-space-5);border-top:1px solid var(--ov-border)}
p.lead{color:var(--ov-text-muted);margin:0 0 var(--ov-space-5)}
label{display:block;font-weight:600;color:var(--ov-text-strong);margin:var(--ov-space-4) 0 var(--ov-space-1)}
input[type=text],input[type=email],input[type=password]{width:100%;padding:.65rem .75rem;font:inherit;border:1px solid var(--ov-secondary-400);border-radius:var(--ov-radius-control);background:var(--ov-surface);color:var(--ov-text-strong)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--ov-primary-600);outline-offset:2px}
.hint{color:var(--ov-text-muted);font-size:.875rem;margin:var(--ov-space-1) 0 0}
button{font:inherit;font-weight:600;border:0;border-radius:var(--ov-radius-control);padding:.7rem 1.25rem;cursor:pointer}
button.primary{background:var(--ov-primary-600);color:#fff;width:100%;margin-top:var(--ov-space-5)}
button.primary:hover{background:var(--ov-primary-700)}
button.secondary{background:var(--ov-surface);color:var(--ov-text-strong);border:1px solid var(--ov-secondary-400);margin-top:var(--ov-space-4)}
button.secondary:hover{background:var(--ov-secondary-50)}
button.danger{background:var(--ov-danger);color:#fff;margin-top:var(--ov-space-4)}
.actions{display:flex;gap:var(--ov-space-3);flex-wrap:wrap}
.actions button{flex:1}
a{color:var(--ov-primary-700)}
.links{margin-top:var(--ov-space-5);display:flex;justify-content:space-between;gap:var(--ov-space-4);flex-wrap:wrap;font-size:.95rem}
.alert,.notice{padding:var(--ov-space-3) var(--ov-space-4);margin:0 0 var(--ov-space-4);border-left:4px solid}
.alert{border-color:var(--ov-danger);background:color-mix(in srgb,var(--ov-danger) 8%,var(--ov-surface));color:var(--ov-danger)}
.notice{border-color:var(--ov-primary-500);background:var(--ov-primary-50);color:var(--ov-text-strong)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:var(--ov-space-1) var(--ov-space-4);margin:0}
dt{color:var(--ov-text-muted)}dd{margin:0}
code{font-family:var(--ov-font-mono);font-size:.9em;padding:.1em .3em;background:var(--ov-secondary-50);border:1px solid var(--ov-secondary-100)}
footer{background:var(--ov-surface-dark);color:var(--ov-secondary-200);padding:var(--ov-space-4) var(--ov-space-5);font-size:.875rem;text-align:center}
@media (max-width:560px){main{padding:var(--ov-space-5) var(--ov-space-3)}.card{padding:var(--ov-space-5)}}
`;

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="4" class="tile"/><path class="leaf" d="M16 6c-5.5 0-10 4.5-10 10s4.5 10 10 10c0-6 3-10 10-10 0-5.5-4.5-10-10-10z"/></svg>`;

export interface PageOptions {
  title: string;
  body: Html;
  wide?: boolean;
  homeUrl?: string;
}

export function page(options: PageOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)} · Openverde</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${TOKENS_PATH}">
<style>${STYLE}</style>
</head>
<body>
<header class="brand"><div class="inner"><a href="${escapeHtml(options.homeUrl ?? "/")}">${LOGO}<span>open<strong>verde</strong></span></a></div></header>
<main><div class="card${options.wide ? " wide" : ""}">
${options.body.html}
</div></main>
<footer>Openverde: open data on companies' sustainability.</footer>
</body>
</html>`;
}

export const alert = (message: string | undefined): Html =>
  message ? html`<div class="alert" role="alert" id="form-error">${message}</div>` : raw("");
export const notice = (message: string | undefined): Html =>
  message ? html`<div class="notice" role="status">${message}</div>` : raw("");

const described = (error: string | undefined) => (error ? raw(' aria-describedby="form-error"') : raw(""));

export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters with three kinds of character (lower case, upper case, digits, symbols), or at least 16 characters of any kind.`;

export function loginPage(options: {
  action: string;
  login?: string;
  error?: string;
  notice?: string;
  registerUrl: string;
  forgotUrl: string;
}): string {
  return page({
    title: "Sign in",
    body: html`<h1>Sign in</h1>
<p class="lead">to your Openverde account</p>
${alert(options.error)}${notice(options.notice)}
<form method="post" action="${options.action}" novalidate>
<label for="username">Username or e-mail address</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${options.login ?? ""}"${described(options.error)}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described(options.error)}>
<button class="primary" type="submit">Sign in</button>
</form>
<div class="links"><a href="${options.forgotUrl}">Forgot your password?</a><a href="${options.registerUrl}">Create an account</a></div>`,
  });
}

export function registerPage(options: {
  action: string;
  values?: { username?: string; email?: string; name?: string };
  error?: string;
  loginUrl: string;
}): string {
  const values = options.values ?? {};
  return page({
    title: "Create an account",
    body: html`<h1>Create an account</h1>
<p class="lead">Free for everyone who works with sustainability data.</p>
${alert(options.error)}
<form method="post" action="${options.action}" novalidate>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required value="${values.name ?? ""}">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${values.email ?? ""}">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${values.username ?? ""}" aria-describedby="username-hint">
<p class="hint" id="username-hint">2 to 64 characters: letters, digits and . _ @ -</p>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="password-hint">
<p class="hint" id="password-hint">${PASSWORD_RULE}</p>
<label for="password-confirm">Repeat the password</label>
<input id="password-confirm" name="passwordConfirm" type="password" autocomplete="new-password" required>
<button class="primary" type="submit">Create account</button>
</form>
<div class="links"><a href="${options.loginUrl}">I have an account: sign in</a></div>`,
  });
}

export function forgotPasswordPage(options: {
  action: string;
  loginUrl: string;
  login?: string;
  error?: string;
}): string {
  return page({
    title: "Forgot your password?",
    body: html`<h1>Forgot your password?</h1>
<p class="lead">Enter your username or e-mail address. We will send you an e-mail with a link to choose a new password.</p>
${alert(options.error)}
<form method="post" action="${options.action}" novalidate>
<label for="username">Username or e-mail address</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${options.login ?? ""}"${described(options.error)}>
<button class="primary" type="submit">Send the link</button>
</form>
<div class="links"><a href="${options.loginUrl}">Back to sign in</a></div>`,
  });
}

export function resetLinkSentPage(options: { loginUrl: string; validMinutes: number }): string {
  return page({
    title: "Check your e-mail",
    body: html`<h1>Check your e-mail</h1>
${notice("If an account with that username or e-mail address exists, we have sent an e-mail to its address.")}
<p>Follow the link in the e-mail to choose a new password. The link works once, for ${String(options.validMinutes)} minutes; asking again sends a new link and the older one stops working.</p>
<p>No e-mail after a few minutes? Look in your spam folder, or check that you used the name or address of your account.</p>
<div class="links"><a href="${options.loginUrl}">Back to sign in</a></div>`,
  });
}

export function resetPasswordPage(options: {
  action: string;
  token: string;
  username: string;
  error?: string;
}): string {
  return page({
    title: "Choose a new password",
    body: html`<h1>Choose a new password</h1>
<p class="lead">for your Openverde account ${options.username}</p>
${alert(options.error)}
<form method="post" action="${options.action}" novalidate>
<input type="hidden" name="token" value="${options.token}">
<input type="text" name="username" value="${options.username}" autocomplete="username" hidden readonly>
<label for="new-password">New password</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="new-password-hint${options.error ? " form-error" : ""}">
<p class="hint" id="new-password-hint">${PASSWORD_RULE}</p>
<label for="new-password-confirm">Repeat the new password</label>
<input id="new-password-confirm" name="passwordConfirm" type="password" autocomplete="new-password" required>
<button class="primary" type="submit">Set the new password</button>
</form>`,
  });
}

export function messagePage(options: {
  title: string;
  message: string;
  link?: { href: string; text: string };
}) {
  return page({
    title: options.title,
    body: html`<h1>${options.title}</h1>
<p class="lead">${options.message}</p>
${options.link ? html`<div class="links"><a href="${options.link.href}">${options.link.text}</a></div>` : raw("")}`,
  });
}

export function logoutPage(options: {
  form: Html;
  formId: string;
  auto: boolean;
  scriptUrl: string;
}): string {
  return page({
    title: "Sign out",
    body: html`<h1>Sign out</h1>
<p class="lead">Do you want to sign out of Openverde?</p>
${options.form}
<div class="actions">
<button class="primary" type="submit" form="${options.formId}" name="logout" value="yes" autofocus>Yes, sign me out</button>
<button class="secondary" type="submit" form="${options.formId}">No, stay signed in</button>
</div>
${options.auto ? html`<script src="${options.scriptUrl}" defer></script>` : raw("")}`,
  });
}

export interface AccountView {
  username: string;
  name: string;
  email: string;
  roles: string[];
}

export function accountPage(options: {
  user: AccountView;
  csrf: string;
  action: (what: string) => string;
  error?: string;
  notice?: string;
  homeUrl: string;
  logoutUrl: string;
}): string {
  const { user } = options;
  const csrf = html`<input type="hidden" name="csrf" value="${options.csrf}">`;
  return page({
    title: "Your account",
    wide: true,
    homeUrl: options.homeUrl,
    body: html`<h1>Your account</h1>
<p class="lead">Signed in as ${user.username}</p>
${alert(options.error)}${notice(options.notice)}
<dl><dt>Username</dt><dd>${user.username}</dd><dt>Roles</dt><dd>${realmRoleLabels(user.roles)}</dd></dl>
<h2 id="profile-heading">Name and e-mail address</h2>
<form method="post" action="${options.action("profile")}" aria-labelledby="profile-heading">
${csrf}
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" value="${user.name}">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${user.email}">
<button class="secondary" type="submit">Save</button>
</form>
<h2 id="password-heading">Password</h2>
<form method="post" action="${options.action("password")}" aria-labelledby="password-heading">
${csrf}
<label for="current">Current password</label>
<input id="current" name="current" type="password" autocomplete="current-password" required>
<label for="new-password">New password</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" required aria-describedby="new-password-hint">
<p class="hint" id="new-password-hint">${PASSWORD_RULE}</p>
<label for="new-password-confirm">Repeat the new password</label>
<input id="new-password-confirm" name="passwordConfirm" type="password" autocomplete="new-password" required>
<button class="secondary" type="submit">Change password</button>
</form>
<h2 id="delete-heading">Delete your account</h2>
<form method="post" action="${options.action("delete")}" aria-labelledby="delete-heading">
${csrf}
<p>This removes your account and signs you out everywhere. It cannot be undone. Data you uploaded stays on the platform.</p>
<label for="delete-password">Your password, to confirm</label>
<input id="delete-password" name="current" type="password" autocomplete="current-password" required>
<button class="danger" type="submit">Delete my account</button>
</form>
<div class="links"><a href="${options.homeUrl}">Back to Openverde</a><a href="${options.logoutUrl}">Sign out</a></div>`,
  });
}
