import { type CommentTarget, commentRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { commentKeys } from './comment-queries.ts';

/** The people a comment here can name with @First Last (loaded with the comment box, after first paint). */
export const useMentionable = (target: CommentTarget) =>
  useQuery({
    queryKey: commentKeys.mentionable(target),
    queryFn: () => callApi(commentRoutes.getMentionable, target),
    staleTime: 5 * 60_000,
  });
