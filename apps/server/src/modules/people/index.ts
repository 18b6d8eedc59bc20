// The people module as other modules and the app see it; everything else in this folder is private.
export { registerPeopleRoutes } from './people.routes.ts';
export { setNotificationChoice, withDefaults as withNotificationDefaults } from './notification-settings.ts';
