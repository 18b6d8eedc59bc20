import { Button, Result } from 'antd';
import { Link } from 'react-router';

export const NotFoundPage = () => (
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
