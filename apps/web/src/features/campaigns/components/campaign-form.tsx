import {
  CAMPAIGN_DEPTH_NAMES,
  type Campaign,
  type CampaignSaveRequest,
  type CustomField,
  EMPTY_ID,
  type TeamMember,
} from '@plansmith/contract';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import {
  type CustomFieldFormValues,
  CustomFieldInputs,
  customFieldErrorName,
  customFieldFormValues,
  customFieldRequest,
} from '../../../shared/custom-fields/custom-field-inputs.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { useMoveCampaign, useSaveCampaign } from '../api/campaign-mutations.ts';
import { parentOptions, pathName } from '../lib/campaign-rows.ts';

/** The colours a campaign may take (the calendar's bars); none lets the screens pick. */
const COLORS = [
  { value: '#1f6feb', label: 'Blue' },
  { value: '#2f9e44', label: 'Green' },
  { value: '#e8590c', label: 'Orange' },
  { value: '#ae3ec9', label: 'Purple' },
  { value: '#c92a2a', label: 'Red' },
  { value: '#0c8599', label: 'Teal' },
];

type FormValues = {
  Name: string;
  ParentId: string | null;
  OwnerId: string | null;
  StartDate: string;
  EndDate: string;
  Color: string | null;
  CustomFields?: CustomFieldFormValues;
};

/** What the form opens with: a campaign to change, or a new one (under a parent, or a program). */
export type CampaignFormTarget = { campaign: Campaign } | { parentId: string | null };

const MERGE_FIELDS = [
  { key: 'Name' as const, label: 'Name' },
  { key: 'OwnerName' as const, label: 'Owner' },
  { key: 'StartDate' as const, label: 'Start', format: (value: unknown) => formatDate(value as string) },
  { key: 'EndDate' as const, label: 'End', format: (value: unknown) => formatDate(value as string) },
  { key: 'Color' as const, label: 'Colour' },
];

/**
 * Add or change a campaign (DESIGN.md §16): name, parent (program → campaign → tactic, only parents the
 * server accepts are offered), owner, dates inside the plan and the parent, colour, custom fields. A
 * change of parent is a Move. A colleague's change in between opens the merge dialog (DESIGN.md §13).
 */
export const CampaignForm = ({
  target,
  plan,
  campaigns,
  people,
  fields,
  onClose,
}: {
  target: CampaignFormTarget;
  plan: { Id: string; StartDate: string; EndDate: string };
  campaigns: readonly Campaign[];
  people: readonly TeamMember[];
  fields: readonly CustomField[];
  onClose: () => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const save = useSaveCampaign();
  const move = useMoveCampaign();
  const merge = useMergeDialog();
  const existing = 'campaign' in target ? target.campaign : null;
  const parentId = existing ? existing.ParentId : 'parentId' in target ? target.parentId : null;
  const parent = campaigns.find((campaign) => campaign.Id === parentId) ?? null;

  // Filled once when the form opens (it is mounted per campaign): a refetch of the page's lists never resets what is typed.
  const [initialValues] = useState<FormValues>(() => ({
    Name: existing?.Name ?? '',
    ParentId: parentId,
    OwnerId: existing?.OwnerId ?? null,
    StartDate: existing?.StartDate ?? parent?.StartDate ?? plan.StartDate,
    EndDate: existing?.EndDate ?? parent?.EndDate ?? plan.EndDate,
    Color: existing?.Color ?? null,
    CustomFields: customFieldFormValues(fields, existing?.CustomFields),
  }));

  const bodyOf = (values: FormValues, version?: number): CampaignSaveRequest => ({
    Id: existing?.Id ?? EMPTY_ID,
    MarketingPlanId: plan.Id,
    ...(existing ? {} : { ParentId: values.ParentId }),
    Name: values.Name,
    OwnerId: values.OwnerId ?? null,
    StartDate: values.StartDate,
    EndDate: values.EndDate,
    ObjectiveId: existing?.ObjectiveId ?? null,
    Color: values.Color ?? null,
    CustomFields: customFieldRequest(fields, values.CustomFields),
    ...(version === undefined ? {} : { Version: version }),
  });

  const showErrors = (error: unknown) => {
    if (error instanceof ApiError && error.fieldErrors.length > 0) {
      form.setFields(
        error.fieldErrors.map((fieldError) => ({
          name: customFieldErrorName(fieldError.Field) ?? (fieldError.Field as keyof FormValues),
          errors: [fieldError.Message],
        })),
      );
    }
    message.error(errorMessage(error));
  };

  const submit = async (values: FormValues) => {
    let version = existing?.Version;
    try {
      // A new parent first (its own checks: cycles, depth, dates), then the fields.
      if (existing && values.ParentId !== existing.ParentId) {
        const moved = await move.mutateAsync({ Id: existing.Id, ParentId: values.ParentId, Version: existing.Version });
        version = moved.Version;
      }
      await save.mutateAsync(bodyOf(values, version));
      message.success(existing ? 'Campaign saved.' : 'Campaign added.');
      onClose();
    } catch (error) {
      const stale = staleWriteOf<Campaign>(error);
      if (!stale || !existing) {
        showErrors(error);
        return;
      }
      // Mine is what I changed; a field I left as read takes their value, so their other changes stay.
      const theirs = stale.current;
      const merged: FormValues = {
        ...values,
        Name: values.Name === existing.Name ? theirs.Name : values.Name,
        OwnerId: (values.OwnerId ?? null) === existing.OwnerId ? theirs.OwnerId : values.OwnerId,
        StartDate: values.StartDate === existing.StartDate ? theirs.StartDate : values.StartDate,
        EndDate: values.EndDate === existing.EndDate ? theirs.EndDate : values.EndDate,
        Color: (values.Color ?? null) === existing.Color ? theirs.Color : values.Color,
      };
      const ownerName = people.find((person) => person.UserProfileId === merged.OwnerId);
      const mine = { ...theirs, ...merged, OwnerName: ownerName ? `${ownerName.FirstName} ${ownerName.LastName}`.trim() : null };
      const choice = await merge.ask(stale.message, changedFields<Campaign>(MERGE_FIELDS, theirs, mine as Campaign));
      if (choice === 'theirs') {
        message.info('Kept their version of the campaign.');
        onClose();
        return;
      }
      try {
        await save.mutateAsync(bodyOf(merged, stale.version));
        message.success('Campaign saved.');
        onClose();
      } catch (again) {
        showErrors(again);
      }
    }
  };

  const parentChoices = parentOptions(campaigns, existing?.Id ?? null);
  const depthName = CAMPAIGN_DEPTH_NAMES[existing?.Depth ?? (parent ? (Math.min(parent.Depth + 1, 3) as 1 | 2 | 3) : 1)];
  return (
    <>
      {merge.dialog}
      <Modal
        open
        title={existing ? `Edit ${existing.Name}` : `Add ${depthName.toLowerCase()}`}
        okText={existing ? 'Save' : 'Add'}
        onOk={() => form.submit()}
        confirmLoading={save.isPending || move.isPending}
        onCancel={onClose}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional" initialValues={initialValues}>
          <Form.Item label="Name" name="Name" rules={[{ required: true, whitespace: true, message: 'Please enter a name.' }]}>
            <Input maxLength={200} autoFocus />
          </Form.Item>
          <Form.Item label="Part of" name="ParentId" extra="Program → campaign → tactic: at most three levels.">
            <Select<string | null>
              options={[
                { value: null, label: 'Nothing (a program)' },
                ...parentChoices.map((campaign) => ({ value: campaign.Id, label: pathName(campaigns, campaign.Id) })),
              ]}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item label="Owner" name="OwnerId">
            <Select<string | null>
              allowClear
              placeholder="No owner"
              options={people
                .filter((person) => person.Active)
                .map((person) => ({ value: person.UserProfileId, label: `${person.FirstName} ${person.LastName}`.trim() }))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item
              label="Start"
              name="StartDate"
              style={{ flex: '1 1 140px' }}
              rules={[{ required: true, message: 'Please choose a start date.' }]}
            >
              <Input type="date" min={plan.StartDate} max={plan.EndDate} />
            </Form.Item>
            <Form.Item
              label="End"
              name="EndDate"
              style={{ flex: '1 1 140px' }}
              dependencies={['StartDate']}
              rules={[
                { required: true, message: 'Please choose an end date.' },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string) => {
                    if (value && value < getFieldValue('StartDate')) throw new Error('The end cannot be before the start.');
                  },
                }),
              ]}
            >
              <Input type="date" min={plan.StartDate} max={plan.EndDate} />
            </Form.Item>
          </div>
          <Form.Item label="Colour" name="Color">
            <Select<string | null>
              allowClear
              placeholder="Automatic"
              options={COLORS.map((color) => ({
                value: color.value,
                label: (
                  <span>
                    <span
                      aria-hidden
                      style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: color.value, marginRight: 8 }}
                    />
                    {color.label}
                  </span>
                ),
              }))}
            />
          </Form.Item>
          <CustomFieldInputs fields={fields} />
        </Form>
      </Modal>
    </>
  );
};
