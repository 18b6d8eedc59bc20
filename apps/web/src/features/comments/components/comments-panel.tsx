import type { Comment, CommentTarget } from '@plansmith/contract';
import { App, Avatar, Button, Card, Flex, Form, List, Popconfirm, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { commentKeys, useComments, useDeleteComment, useSaveComment } from '../api/comment-queries.ts';
import { MentionInput } from './lazy-mention-input.tsx';

const initialsOf = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

const CommentItem = ({ comment, target }: { comment: Comment; target: CommentTarget }) => {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.Description);
  const save = useSaveComment(target);
  const remove = useDeleteComment(target);
  const merge = useMergeDialog();
  const edited = comment.UpdatedAt !== comment.CreatedAt;
  // An edit starts from the comment as it is then, and saves from that version (DESIGN.md §13): the
  // list refetching a newer comment meanwhile (a live change, an edit in another window) neither
  // replaces what is typed nor moves the version, so that change answers the merge dialog.
  const [editedVersion, setEditedVersion] = useState(comment.Version);
  const startEdit = () => {
    setText(comment.Description);
    setEditedVersion(comment.Version);
    setEditing(true);
  };
  const saveEdit = async (version = editedVersion): Promise<void> => {
    try {
      await save.mutateAsync({ Id: comment.Id, Version: version, Description: text });
      setEditing(false);
    } catch (error) {
      const stale = staleWriteOf<Comment>(error);
      if (stale) {
        // Changed in another window since it was read: theirs beside mine; the person decides (DESIGN.md §13).
        const fields = changedFields([{ key: 'Description', label: 'Comment' }], stale.current, { ...stale.current, Description: text });
        if ((await merge.ask(stale.message, fields)) === 'mine') return saveEdit(stale.version);
        setText(stale.current.Description);
        setEditing(false);
        void queryClient.invalidateQueries({ queryKey: commentKeys.list(target) });
        return;
      }
      message.error(errorMessage(error));
    }
  };
  const actions = [
    ...(comment.CanEdit && !editing
      ? [
          <Button key="edit" type="link" size="small" onClick={startEdit}>
            Edit
          </Button>,
        ]
      : []),
    ...(comment.CanDelete
      ? [
          <Popconfirm
            key="delete"
            title="Delete this comment?"
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync({ id: comment.Id, version: comment.Version }).catch((error: unknown) => {
                message.error(errorMessage(error));
                // A 409 (changed meanwhile): show the comment as it is now.
                void queryClient.invalidateQueries({ queryKey: commentKeys.list(target) });
              })
            }
          >
            <Button type="link" size="small" danger loading={remove.isPending}>
              Delete
            </Button>
          </Popconfirm>,
        ]
      : []),
  ];
  return (
    <List.Item actions={actions}>
      {merge.dialog}
      <List.Item.Meta
        avatar={<Avatar style={{ background: '#0958d9' }}>{initialsOf(comment.AuthorName)}</Avatar>}
        title={
          <Flex gap={8} align="baseline" wrap>
            <Typography.Text strong>{comment.AuthorName}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(comment.CreatedAt)}
              {edited ? ' · edited' : ''}
            </Typography.Text>
          </Flex>
        }
        description={
          editing ? (
            <Flex vertical gap={8}>
              <MentionInput aria-label="Edit comment" target={target} value={text} onChange={setText} rows={1} />
              <Flex gap={8}>
                <Button size="small" type="primary" onClick={() => void saveEdit()} loading={save.isPending} disabled={!text.trim()}>
                  Save
                </Button>
                <Button size="small" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              </Flex>
            </Flex>
          ) : (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, color: 'rgba(0,0,0,0.88)' }}>
              {comment.Description}
            </Typography.Paragraph>
          )
        }
      />
    </List.Item>
  );
};

/** Comments on a plan, budget item or expense: author and time; edit and delete your own. */
export const CommentsPanel = ({ target, canWrite = true }: { target: CommentTarget; canWrite?: boolean }) => {
  const { message } = App.useApp();
  const comments = useComments(target);
  const save = useSaveComment(target);
  const [form] = Form.useForm<{ Description: string }>();
  const submit = async ({ Description }: { Description: string }) => {
    try {
      await save.mutateAsync({ Description });
      form.resetFields();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  return (
    <Card title="Comments" size="small">
      {comments.isLoading ? (
        <LoadingState label="Loading comments…" />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} title="The comments could not be loaded." />
      ) : comments.data && comments.data.length > 0 ? (
        <List
          itemLayout="vertical"
          dataSource={comments.data}
          renderItem={(comment) => <CommentItem comment={comment} target={target} />}
        />
      ) : (
        <EmptyState description="No comments yet." />
      )}
      {canWrite ? (
        <Form
          form={form}
          name={`comment-${target.EntityType}-${target.EntityId}`}
          onFinish={submit}
          layout="vertical"
          style={{ marginTop: 12 }}
        >
          <Form.Item
            name="Description"
            label="Add a comment"
            rules={[{ required: true, whitespace: true, message: 'Please write a comment.' }]}
            extra="Type @ to name someone on the team: they get an e-mail."
          >
            <MentionInput target={target} placeholder="Write a comment…" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Post comment
          </Button>
        </Form>
      ) : null}
    </Card>
  );
};
