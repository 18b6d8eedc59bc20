import { CUSTOM_FIELD_ENTITIES, type CustomFieldEntity } from '@plansmith/contract';
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { CustomFieldsManager, entityTitle } from '../../features/custom-fields/components/custom-fields-manager.tsx';
import { fieldsOf, useAllCustomFields } from '../../shared/custom-fields/custom-field-queries.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /account/custom-fields: the tenant's own fields on budget items, expenses and campaigns (a tab each; ?entity= keeps the choice). */
export const CustomFieldsPage = () => {
  const fields = useAllCustomFields();
  const [params, setParams] = useSearchParams();
  const entity: CustomFieldEntity = CUSTOM_FIELD_ENTITIES.find((key) => key === params.get('entity')) ?? 'BudgetItem';
  return (
    <>
      <PageHeader
        title="Custom fields"
        subtitle="Your own fields (region, channel, product…) on budget items, expenses and campaigns: filter and report by them, import and export them."
      />
      <Card>
        <Tabs
          activeKey={entity}
          onChange={(key) => setParams({ entity: key }, { replace: true })}
          items={CUSTOM_FIELD_ENTITIES.map((key) => ({
            key,
            label: entityTitle(key),
            children: fields.isPending ? (
              <LoadingState />
            ) : fields.isError ? (
              <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
            ) : (
              <CustomFieldsManager entity={key} fields={fieldsOf(fields.data, key)} />
            ),
          }))}
        />
      </Card>
    </>
  );
};
