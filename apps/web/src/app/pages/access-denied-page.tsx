import { getHref } from '@plansmith/contract';
import { Button, Result } from 'antd';
import { Link } from 'react-router';

export const AccessDeniedPage = () => (
  <Result
    status="403"
    title="Access Denied"
    subTitle="Your account or your plan does not include this area. Ask an account owner or administrator if you need it."
    extra={
      <Link to={getHref('home')}>
        <Button type="primary">Back to the dashboard</Button>
      </Link>
    }
  />
);
