import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { Action } from '../../platform/access.tsx';
import { ClaimPage } from './ClaimPage.tsx';
import { INSURER_PATHS } from './model.ts';
import { ClaimView } from './parts.tsx';

/** 理赔详情 (insurer): the claim read-only, with a way to its handling page for the lead insurer. */
export function ClaimDetail() {
  const navigate = useNavigate();
  return (
    <ClaimPage
      back={INSURER_PATHS.manage}
      extraTitle={(claim) =>
        claim.actions.steps.length ? (
          <Action permission="claim.edit">
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(`${INSURER_PATHS.edit}?id=${claim.id}`)}
            >
              办理
            </Button>
          </Action>
        ) : null
      }
    >
      {(claim) => <ClaimView claim={claim} />}
    </ClaimPage>
  );
}
