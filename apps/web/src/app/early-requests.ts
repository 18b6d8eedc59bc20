// main.tsx's first import: sends the first load's requests before the rest of the app is
// evaluated (shared/api/early-requests.ts).
import { sendEarlyRequests } from '../shared/api/early-requests.ts';

sendEarlyRequests(window.location.pathname);
