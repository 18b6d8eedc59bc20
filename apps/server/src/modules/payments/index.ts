// The payments module as other modules and the app see it; everything else in this folder is private.
export { registerSignupModules } from './signup.module.ts';
