/** Satisfaction (满意度评价) and the annual prevention service evaluation (服务评估), issue 15. */
export { evaluationRoutes } from './evaluation.routes.ts';
