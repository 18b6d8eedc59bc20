// The sign-in page's own script: built on its own (build/early-script.ts buildInlineScript) and
// written into login.html after the drawn form (build/prerender.ts), in place of the app's scripts.
import { enableDrawnLoginForm } from './drawn-login-form.ts';

enableDrawnLoginForm(document, (to) => window.location.replace(to));
