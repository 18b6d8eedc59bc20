import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 5 s rather than 1 s: on a loaded 2-core CI machine an antd form's
// validation or a lazily loaded dialog can take longer than a second to appear. Only a waiting
// assertion waits longer; none passes that would have failed.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
