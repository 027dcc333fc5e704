/**
 * Scripts of the hidden frames Keycloak's clients use, served as files because the content security
 * policy allows no inline script. The login-status frame speaks OpenID Connect Session Management
 * (and Keycloak's dialect of it): the parent posts "<client_id> <session_state>", the frame answers
 * "unchanged", "changed" or "error".
 */
export function frameScripts(sessionCookie: string): Record<string, string> {
  return {
    "login-status-iframe.js": `(function () {
  "use strict";
  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split("; ") : [];
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf("=");
      if (parts[i].slice(0, eq) === name) return decodeURIComponent(parts[i].slice(eq + 1));
    }
    return "";
  }
  window.addEventListener("message", function (event) {
    if (!event.source) return;
    if (event.origin !== window.location.origin || typeof event.data !== "string") {
      event.source.postMessage("error", event.origin === "null" ? "*" : event.origin);
      return;
    }
    var parts = event.data.split(" ");
    if (parts.length !== 2 || !parts[0] || !parts[1]) {
      event.source.postMessage("error", event.origin);
      return;
    }
    event.source.postMessage(readCookie(${JSON.stringify(sessionCookie)}) === parts[1] ? "unchanged" : "changed", event.origin);
  }, false);
})();
`,
    "3p-cookies-step1.js": `(function () {
  "use strict";
  var secure = window.location.protocol === "https:";
  document.cookie = "OPENVERDE_3P_COOKIE_SAMESITE=supported; max-age=60; samesite=none" + (secure ? "; secure" : "");
  document.cookie = "OPENVERDE_3P_COOKIE=supported; max-age=60" + (secure ? "; secure" : "");
  window.location.replace("step2.html");
})();
`,
    "3p-cookies-step2.js": `(function () {
  "use strict";
  var supported = document.cookie.indexOf("OPENVERDE_3P_COOKIE") !== -1;
  document.cookie = "OPENVERDE_3P_COOKIE_SAMESITE=; max-age=0; samesite=none" + (window.location.protocol === "https:" ? "; secure" : "");
  document.cookie = "OPENVERDE_3P_COOKIE=; max-age=0";
  window.parent.postMessage(supported ? "supported" : "unsupported", "*");
})();
`,
    "logout.js": `(function () {
  "use strict";
  var form = document.querySelector("form[method=post]");
  if (!form) return;
  var input = document.createElement("input");
  input.type = "hidden";
  input.name = "logout";
  input.value = "yes";
  form.appendChild(input);
  form.submit();
})();
`,
  };
}

export const frameHtml = (title: string, scriptUrl: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><script src="${scriptUrl}"></script></body></html>`;
