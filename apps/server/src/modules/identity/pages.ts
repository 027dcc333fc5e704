import { MIN_PASSWORD_LENGTH } from "./passwords";

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

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

const STYLE = `
:root{--accent:#e8710a;--accent-dark:#b85a08;--ink:#1f2a33;--muted:#5b6b78;--line:#d5dde3;--bg:#f6f4f1;--card:#fff;--error:#b3261e;--ok:#1e6b3a}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg);line-height:1.5}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header.brand{background:#fff;border-bottom:3px solid var(--accent);padding:.75rem 1.5rem}
header.brand a{color:var(--ink);text-decoration:none;font-weight:700;font-size:1.25rem;letter-spacing:.02em}
header.brand a span{color:var(--accent)}
main{flex:1;display:flex;justify-content:center;align-items:flex-start;padding:2.5rem 1rem}
.card{background:var(--card);width:100%;max-width:28rem;padding:2rem;border-radius:4px;box-shadow:0 2px 10px rgba(31,42,51,.08)}
.card.wide{max-width:40rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.1rem;margin:2rem 0 .75rem;padding-top:1.25rem;border-top:1px solid var(--line)}
p.lead{color:var(--muted);margin:0 0 1.5rem}
label{display:block;font-weight:600;margin:1rem 0 .3rem}
input[type=text],input[type=email],input[type=password]{width:100%;padding:.65rem .75rem;font:inherit;border:1px solid #9aa8b3;border-radius:0;background:#fff;color:var(--ink)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.hint{color:var(--muted);font-size:.875rem;margin:.3rem 0 0}
button{font:inherit;font-weight:600;border:0;border-radius:0;padding:.7rem 1.25rem;cursor:pointer}
button.primary{background:var(--accent);color:#fff;width:100%;margin-top:1.5rem}
button.primary:hover{background:var(--accent-dark)}
button.secondary{background:#fff;color:var(--ink);border:1px solid #9aa8b3;margin-top:1rem}
button.danger{background:var(--error);color:#fff;margin-top:1rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.actions button{flex:1}
a{color:var(--accent-dark)}
.links{margin-top:1.5rem;display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap;font-size:.95rem}
.alert{padding:.75rem 1rem;margin:0 0 1rem;border-left:4px solid var(--error);background:#fbeceb;color:var(--error)}
.notice{padding:.75rem 1rem;margin:0 0 1rem;border-left:4px solid var(--ok);background:#e9f4ed;color:var(--ok)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0}
dt{color:var(--muted)}dd{margin:0}
footer{padding:1rem 1.5rem;color:var(--muted);font-size:.85rem;text-align:center}
`;

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
<style>${STYLE}</style>
</head>
<body>
<header class="brand"><a href="${escapeHtml(options.homeUrl ?? "/")}">Open<span>verde</span></a></header>
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

export function forgotPasswordPage(options: { loginUrl: string }): string {
  return page({
    title: "Forgot your password?",
    body: html`<h1>Forgot your password?</h1>
<p class="lead">We are sorry: this Openverde installation cannot send password reset e-mails yet.</p>
<p>Please ask the people who run it to set a new password for you. They do it with the command</p>
<p><code>npm run cli -- users reset-password --username &lt;your username&gt; --password &lt;new password&gt;</code></p>
<p>and tell you the new password, which you can change on your account page after signing in.</p>
<div class="links"><a href="${options.loginUrl}">Back to sign in</a></div>`,
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
<dl><dt>Username</dt><dd>${user.username}</dd><dt>Roles</dt><dd>${user.roles.join(", ")}</dd></dl>
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
