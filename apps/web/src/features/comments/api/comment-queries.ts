import { type CommentSaveRequest, type CommentTarget, commentRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const commentKeys = {
  all: ['comments'] as const,
  list: (target: CommentTarget) => [...commentKeys.all, target.EntityType, target.EntityId] as const,
  mentionable: (target: CommentTarget) => [...commentKeys.all, 'mentionable', target.EntityType, target.EntityId] as const,
};

export const useComments = (target: CommentTarget) =>
  useQuery({ queryKey: commentKeys.list(target), queryFn: () => callApi(commentRoutes.getComments, target) });

export const useSaveComment = (target: CommentTarget) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Omit<CommentSaveRequest, 'EntityType' | 'EntityId'>) =>
      callApi(commentRoutes.saveComment, { ...comment, ...target }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentKeys.list(target) }),
  });
};

export const useDeleteComment = (target: CommentTarget) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: { id: string; version: number }) =>
      callApi(commentRoutes.deleteComment, { CommentId: comment.id, Version: comment.version }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentKeys.list(target) }),
  });
};
