import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';

export const NotFoundPage = () => {
  // Unknown addresses name their tab too (DESIGN.md §12); the router's titled pages cover the rest.
  useEffect(() => {
    document.title = 'Page not found · Plansmith';
  }, []);
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="There is no page at this address. It may have moved, or the link may be mistyped."
      extra={
        <Link to="/">
          <Button type="primary">Go to the dashboard</Button>
        </Link>
      }
    />
  );
};
