import {
  IMPORT_KIND_LABELS,
  type ImportCommitResult,
  type ImportDateOrder,
  type ImportEdit,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportCreate,
  type ImportReplacement,
} from '@plansmith/contract/imports';
import { Alert, App, Button, Card, Flex, Result } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { type AskReason, sendWithReason } from '../../../shared/api/with-reason.ts';
import { LoadingState } from '../../../shared/ui/query-state.tsx';
import { useCommitImport, usePreviewImport, useUndoImport } from '../api/import-mutations.ts';
import { fileProblem, readAsBase64 } from '../lib/read-file.ts';
import { type UploadProgress, UploadStep } from './upload-step.tsx';
import './import-screen.css';
import { countOf, formatCount } from '../lib/counts.ts';

// The preview (antd Table, Select) and the history table load when they are shown: the drop zone comes first.
const ReviewStep = lazy(async () => ({ default: (await import('./review-step.tsx')).ReviewStep }));
const ImportHistory = lazy(async () => ({ default: (await import('./import-history.tsx')).ImportHistory }));

type ChosenFile = { name: string; base64: string };

/** What the planner changed in the review: sent with every preview and with the commit. */
export type ImportChoices = {
  Mapping?: ImportMapping;
  DateOrder?: ImportDateOrder;
  Edits: ImportEdit[];
  Replacements: ImportReplacement[];
  /** Unknown budget items and categories to create ("Create it"): created in the commit's transaction. */
  Creates: ImportCreate[];
};
const NO_CHOICES: ImportChoices = { Edits: [], Replacements: [], Creates: [] };

/**
 * Import (DESIGN.md §10): choose a file, check the guessed columns and every row, then create the
 * good rows in one go. The plan's import history, with Undo, is always below.
 */
export const ImportScreen = ({
  planId,
  kind,
  canEdit,
  doneAction,
  askReason = null,
}: {
  planId: string;
  kind: ImportKind;
  canEdit: boolean;
  /** Where to go after a successful import (the list the rows went to). */
  doneAction: ReactNode;
  /** Asks why the budget changes when the server wants a reason (a budget import after the baseline lock); null: its 400 shows. */
  askReason?: AskReason | null;
}) => {
  const { message } = App.useApp();
  const previewCall = usePreviewImport();
  const commitCall = useCommitImport();
  const undoCall = useUndoImport();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [progress, setProgress] = useState<UploadProgress>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [result, setResult] = useState<ImportCommitResult | null>(null);
  const [choices, setChoices] = useState<ImportChoices>(NO_CHOICES);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setReadError(null);
    setChoices(NO_CHOICES);
  };

  const runPreview = async (chosen: ChosenFile, next: ImportChoices = NO_CHOICES) => {
    const request = { Kind: kind, MarketingPlanId: planId, FileName: chosen.name, ContentBase64: chosen.base64, ...next };
    setPreview(await previewCall.mutateAsync(request));
    setChoices(next);
  };

  const onFile = async (picked: File) => {
    reset();
    const problem = fileProblem(picked);
    if (problem) {
      setReadError(problem);
      return;
    }
    try {
      setProgress({ label: `Reading ${picked.name}…`, percent: 0 });
      const base64 = await readAsBase64(picked, (fraction) =>
        setProgress({ label: `Reading ${picked.name}…`, percent: Math.round(fraction * 40) }),
      );
      const chosen = { name: picked.name, base64 };
      setProgress({ label: `Checking every row of ${picked.name}…`, percent: 70 });
      await runPreview(chosen);
      setFile(chosen);
    } catch (error) {
      setReadError(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  /** Checks the file again with a changed mapping, date order or fixed cells. */
  const change = async (update: Partial<ImportChoices>) => {
    if (!file) return;
    try {
      await runPreview(file, { ...choices, ...update });
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const commit = async () => {
    if (!file || !preview) return;
    try {
      const request = {
        Kind: kind,
        MarketingPlanId: planId,
        FileName: file.name,
        ContentBase64: file.base64,
        ...choices,
        Mapping: preview.Mapping,
        DateOrder: preview.DateOrder,
        SkipDuplicates: skipDuplicates,
      };
      // After the plan's baseline lock the server asks why the budget changes: ask once, then send again.
      setResult(await sendWithReason(askReason, (Reason) => commitCall.mutateAsync(Reason ? { ...request, Reason } : request)));
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };

  const undoResult = async () => {
    if (!result) return;
    try {
      const undone = await undoCall.mutateAsync(result.ImportId);
      message.success(`Undone: removed ${countOf(undone.Removed, 'row')}.`);
      reset();
    } catch (error) {
      message.error(errorMessage(error), 8);
    }
  };

  const label = IMPORT_KIND_LABELS[kind];

  return (
    <Flex vertical gap={16}>
      {!canEdit ? (
        <Alert type="info" showIcon message="You can see this plan’s imports, but your role does not let you import into it." />
      ) : result ? (
        <Card>
          <Result
            status="success"
            title={`Imported ${countOf(result.Created, label.replace(/s$/, ''), label)}`}
            subTitle={`Skipped ${formatCount(result.Skipped)}: ${formatCount(result.Invalid)} with errors, ${countOf(result.DuplicatesSkipped, 'duplicate')}${preview?.Counts.Ignored ? `, ${countOf(preview.Counts.Ignored, 'total row')}` : ''}.`}
            extra={[
              <span key="done">{doneAction}</span>,
              <Button key="again" onClick={reset}>
                Import another file
              </Button>,
              <Button key="undo" danger loading={undoCall.isPending} onClick={() => void undoResult()}>
                Undo this import
              </Button>,
            ]}
          />
        </Card>
      ) : preview && file ? (
        <Suspense fallback={<LoadingState label="Opening the preview…" />}>
          <ReviewStep
            fileName={file.name}
            preview={preview}
            checking={previewCall.isPending}
            committing={commitCall.isPending}
            skipDuplicates={skipDuplicates}
            onSkipDuplicates={setSkipDuplicates}
            onRemap={(mapping) => void change({ Mapping: mapping })}
            onDateOrder={(order) => void change({ DateOrder: order })}
            onEdit={(edit) =>
              void change({ Edits: [...choices.Edits.filter((old) => old.Row !== edit.Row || old.Field !== edit.Field), edit] })
            }
            onReplace={(replacement) => void change({ Replacements: [...choices.Replacements, replacement] })}
            onCreate={(create) =>
              void change({
                Creates: [...choices.Creates.filter((old) => old.Field !== create.Field || old.Name !== create.Name), create],
              })
            }
            creates={choices.Creates}
            onCommit={() => void commit()}
            onReset={reset}
          />
        </Suspense>
      ) : (
        <Card>
          <UploadStep kind={kind} progress={progress} error={readError} onFile={(picked) => void onFile(picked)} />
        </Card>
      )}
      <Card title="Import history of this plan">
        <Suspense fallback={<LoadingState label="Loading the import history…" />}>
          <ImportHistory planId={planId} canEdit={canEdit} />
        </Suspense>
      </Card>
    </Flex>
  );
};
