import { type BodyOf, ErrorBodySchema, identityRoutes, type ResultOf, type RouteDef, type TokenResponse } from '@plansmith/contract';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error.ts';
import { reportAvailable, reportUnavailable, retryAfterSeconds } from './availability.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { clearSession, isGuestAccess, readSession, saveTokens, sessionExpired } from './session.ts';

const send = async (route: RouteDef, body: unknown, accessToken: string | undefined): Promise<Response> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (route.method === 'POST') headers['Content-Type'] = 'application/json';
  const early = takeEarlyResponse(route.method, route.path, body, accessToken);
  if (early) {
    try {
      return await early;
    } catch {
      // Sent before the app had loaded and lost: asked again below.
    }
  }
  try {
    return await fetch(route.path, {
      method: route.method,
      headers,
      body: route.method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
};

const readError = async (response: Response): Promise<ApiError> => {
  const retryAfter = response.status === 503 ? retryAfterSeconds(response.headers.get('Retry-After')) : undefined;
  const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) {
    return new ApiError(
      response.status,
      parsed.data.Message,
      parsed.data.Errors ?? [],
      parsed.data.RequestId,
      retryAfter,
      parsed.data.Conflict,
      response.status === 409 ? parsed.data.Result : undefined,
    );
  }
  return new ApiError(response.status, `The request failed (${response.status}). Please try again.`, [], undefined, retryAfter);
};

let refreshInFlight: Promise<boolean> | null = null;

/**
 * One refresh at a time (SPEC.md §8): every request that meets a 401 waits for the same refresh
 * and is replayed after it. A refresh that yields no access token clears the session and sends
 * the user to /login, unless guest access is set. An outage (503) is not a refused refresh: the
 * session is kept for when the server is back.
 */
export const refreshSession = (): Promise<boolean> => {
  refreshInFlight ??= (async (): Promise<'refreshed' | 'refused' | 'unavailable'> => {
    const session = readSession();
    try {
      if (!session) return 'refused';
      const response = await send(
        identityRoutes.refresh,
        { AccessToken: session.AccessToken, RefreshToken: session.RefreshToken },
        undefined,
      );
      if (response.status === 503) {
        reportUnavailable(retryAfterSeconds(response.headers.get('Retry-After')));
        return 'unavailable';
      }
      if (!response.ok) return 'refused';
      const tokens = (await response.json()) as TokenResponse;
      if (!tokens.AccessToken) return 'refused';
      saveTokens(tokens);
      return 'refreshed';
    } catch {
      return 'refused';
    }
  })()
    .then((outcome) => {
      if (outcome === 'refused') {
        clearSession();
        if (!isGuestAccess()) sessionExpired();
      }
      return outcome === 'refreshed';
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
};

/** Calls a contract route with the session's token; answers its Result (or raw body), or throws ApiError. */
export const callApi = async <R extends RouteDef>(
  route: R,
  ...args: BodyOf<R> extends undefined ? [] : [body: BodyOf<R>]
): Promise<ResultOf<R>> => {
  const body = args[0];
  let sentToken: string | undefined;
  const attempt = async (): Promise<Response> => {
    sentToken = route.access === 'anonymous' && !readSession() ? undefined : readSession()?.AccessToken;
    return send(route, body, sentToken);
  };
  let response = await attempt();
  if (response.status === 401 && route.access !== 'anonymous') {
    // A 401 for a token another request has already refreshed is replayed with the new one, not
    // refreshed again (a second refresh would spend the new refresh token for nothing).
    const current = readSession()?.AccessToken;
    const refreshedMeanwhile = sentToken !== undefined && current !== undefined && current !== sentToken;
    if (refreshedMeanwhile || (await refreshSession())) response = await attempt();
  }
  // Anything but a 503 means the server is serving (a 4xx is an answer too): the banner clears.
  if (response.status === 503) {
    const error = await readError(response);
    reportUnavailable(error.retryAfterSeconds ?? retryAfterSeconds(null));
    throw error;
  }
  reportAvailable();
  if (!response.ok) throw await readError(response);
  const contentType = response.headers.get('content-type') ?? '';
  const payload: unknown = contentType.includes('application/json') ? await response.json() : await response.text();
  return (route.raw ? payload : (payload as { Result: unknown }).Result) as ResultOf<R>;
};
