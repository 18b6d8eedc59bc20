import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useApiTokens } from '../../features/api-tokens/api/api-token-queries.ts';
import { useProfile } from '../../shared/api/identity.ts';
import { lazyPart } from '../../shared/ui/lazy-part.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

// The table and the create dialog load beside the page's own code: the route's first load stays within its budget.
const ApiTokensTable = lazyPart(async () => (await import('../../features/api-tokens/components/api-tokens-table.tsx')).ApiTokensTable);
const CreateApiTokenDialog = lazyPart(
  async () => (await import('../../features/api-tokens/components/create-api-token-dialog.tsx')).CreateApiTokenDialog,
  null,
);

/** /settings/api-tokens (DESIGN.md §18): tokens for scripts, acting as the person who created them. */
export const ApiTokensPage = () => {
  const tokens = useApiTokens();
  const profile = useProfile();
  const [creating, setCreating] = useState(false);
  // An Owner or Admin is shown the account's tokens: the creator column tells them apart.
  const showCreator = Boolean(tokens.data?.some((token) => token.UserId !== profile.data?.Id));
  return (
    <>
      <PageHeader
        title="API tokens"
        subtitle={
          <>
            Call the Plansmith API from scripts and other tools. A token acts as you, with your current rights, and stops working when it
            expires, is revoked, or you leave the account. Send it as <Typography.Text code>Authorization: Bearer psk_…</Typography.Text>
          </>
        }
        actions={
          <Button type="primary" onClick={() => setCreating(true)}>
            Create token
          </Button>
        }
      />
      <Card>
        {tokens.isPending ? (
          <LoadingState />
        ) : tokens.isError ? (
          <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : (
          <ApiTokensTable tokens={tokens.data} showCreator={showCreator} />
        )}
      </Card>
      <CreateApiTokenDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
};
