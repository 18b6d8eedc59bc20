import { ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useGenerateExpectations } from '../api/expectation-mutations.ts';

/** Fills the grid from the funnel model; asks first when it would overwrite a forecast. */
export const GenerateButton = ({
  planId,
  hasModel,
  hasForecast,
  type = 'default',
}: {
  planId: string;
  hasModel: boolean;
  hasForecast: boolean;
  type?: 'primary' | 'default';
}) => {
  const generate = useGenerateExpectations();
  const { message, modal } = App.useApp();

  const run = async () => {
    try {
      await generate.mutateAsync({ planId });
      message.success('Forecast generated from the funnel.');
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const onClick = () => {
    if (!hasForecast) {
      void run();
      return;
    }
    modal.confirm({
      title: 'Replace the forecast?',
      content: 'Generating overwrites every expected count with the funnel model’s. Actual counts are kept.',
      okText: 'Replace forecast',
      okButtonProps: { danger: true },
      onOk: run,
    });
  };

  const button = (
    <Button type={type} icon={<ThunderboltOutlined />} onClick={onClick} loading={generate.isPending} disabled={!hasModel}>
      Generate from funnel
    </Button>
  );
  return hasModel ? button : <Tooltip title="Set the revenue goal and rates on the Funnels page first.">{button}</Tooltip>;
};
