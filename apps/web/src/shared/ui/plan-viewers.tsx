import { eventsRoutes, PRESENCE_HEARTBEAT_SECONDS, type PlanViewer } from '@plansmith/contract';
import { Avatar, Flex, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callApi } from '../api/client.ts';
import { onLiveEvent, onLiveOpen } from '../api/live-changes.ts';
import { readSession } from '../api/session.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * Who else has this plan open (DESIGN.md §13): this page says it views the plan every 25 seconds
 * (and that it left when it closes); the server drops a viewer not heard from for a minute.
 */
export const PlanViewers = ({ planId }: { planId: string }) => {
  const [viewers, setViewers] = useState<PlanViewer[]>([]);
  useEffect(() => {
    let closed = false;
    // Presence events heard on the stream. An answer to "I'm here" is computed on the server before the
    // event of a colleague arriving meanwhile, but may reach this tab after it: an older answer must not
    // overwrite what the event said, so when one came during the call, the tab asks once more instead.
    let heard = 0;
    const sayHere = () => {
      const heardBefore = heard;
      return callApi(eventsRoutes.presence, { MarketingPlanId: planId }).then(
        (result) => {
          if (closed) return;
          if (heard === heardBefore) setViewers(result.Viewers);
          else void sayHere();
        },
        () => undefined,
      );
    };
    void sayHere();
    const timer = setInterval(() => void sayHere(), PRESENCE_HEARTBEAT_SECONDS * 1000);
    const stop = onLiveEvent((event) => {
      if (event.Type === 'presence' && event.MarketingPlanId === planId) {
        heard += 1;
        setViewers(event.Viewers);
      } else if (event.Type === 'reset') void sayHere();
    });
    // Someone who arrived before this tab's stream was open was announced to it in vain: ask again.
    const stopOpen = onLiveOpen(() => void sayHere());
    return () => {
      closed = true;
      clearInterval(timer);
      stop();
      stopOpen();
      void callApi(eventsRoutes.presence, { MarketingPlanId: planId, Leaving: true }).catch(() => undefined);
    };
  }, [planId]);
  const me = readSession()?.UserId;
  const others = viewers.filter((viewer) => viewer.UserId !== me);
  if (others.length === 0) return null;
  const names = others.map((viewer) => viewer.Name).join(', ');
  return (
    <Flex align="center" gap={8} aria-label={`Also viewing: ${names}`} data-testid="plan-viewers">
      <Avatar.Group max={{ count: 4 }} size="small">
        {others.map((viewer) => (
          <Tooltip key={viewer.UserId} title={viewer.Name}>
            <Avatar style={{ backgroundColor: '#0958d9' }}>{initials(viewer.Name)}</Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <Typography.Text type="secondary">Also viewing: {names}</Typography.Text>
    </Flex>
  );
};
