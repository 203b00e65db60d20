import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AP_KEY, apApi, type ProjectDetail } from './api.ts';
import { LoadFrame, useIdParam } from './core-parts.tsx';

/** A project opened by `?{param}=`: back button, title and `children(project)`. */
export function ProjectPage({
  param = 'id',
  back,
  actions,
  children,
}: {
  param?: string;
  back: string;
  actions?: (project: ProjectDetail) => ReactNode;
  children: (project: ProjectDetail) => ReactNode;
}) {
  const navigate = useNavigate();
  const id = useIdParam(param);
  const query = useQuery({
    queryKey: [AP_KEY, 'project', id],
    queryFn: () => apApi.project(id as number),
    enabled: id !== null,
  });
  return (
    <LoadFrame what="事故预防项目" id={id} back={() => navigate(back)} query={query}>
      {(project) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small">
            <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
              <Space wrap>
                <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
                  返回列表
                </Button>
                <Typography.Title level={5} style={{ margin: 0 }} data-testid="project-title">
                  {project.name}（{project.contractNo}）
                </Typography.Title>
              </Space>
              {actions?.(project)}
            </Space>
          </Card>
          {children(project)}
        </Space>
      )}
    </LoadFrame>
  );
}
