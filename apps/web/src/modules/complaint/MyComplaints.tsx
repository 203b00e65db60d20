import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { ComplaintAdd } from './ComplaintAdd.tsx';
import { ComplaintDetailPage } from './ComplaintDetail.tsx';
import { ComplaintTable } from './ComplaintTable.tsx';
import { COMPLAINANT_PATHS, type Complainant } from './paths.ts';

/** 我的投诉: the complaints the caller's organisation filed, with state, reply deadline and overdue flag. */
function MyComplaints({ who }: { who: Complainant }) {
  const navigate = useNavigate();
  const paths = COMPLAINANT_PATHS[who];
  return (
    <Card variant="borderless">
      <ComplaintTable
        view="filed"
        title="我的投诉"
        onOpen={(r) => navigate(`${paths.detail}?id=${r.id}`)}
        emptyText="暂无投诉，如对保险机构、服务机构、专家或平台的服务不满意，可点击“新增投诉”"
        toolbar={[
          <Action key="add" permission="complaint.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.add)}>
              新增投诉
            </Button>
          </Action>,
        ]}
      />
    </Card>
  );
}

function MyComplaintDetail({ who }: { who: Complainant }) {
  return <ComplaintDetailPage back={COMPLAINANT_PATHS[who].list} backLabel="返回我的投诉" />;
}

export const EntComplaint = () => <MyComplaints who="ent" />;
export const EntComplaintAdd = () => <ComplaintAdd who="ent" />;
export const EntComplaintDetail = () => <MyComplaintDetail who="ent" />;

export const InsuranceComplaint = () => <MyComplaints who="insurer" />;
export const InsuranceComplaintAdd = () => <ComplaintAdd who="insurer" />;
export const ServiceComplaint = () => <MyComplaints who="service" />;
export const ServiceComplaintAdd = () => <ComplaintAdd who="service" />;
export const ServiceComplaintDetail = () => <MyComplaintDetail who="service" />;

export const ExpertComplaint = () => <MyComplaints who="expert" />;
export const ExpertComplaintAdd = () => <ComplaintAdd who="expert" />;
export const ExpertComplaintDetail = () => <MyComplaintDetail who="expert" />;
