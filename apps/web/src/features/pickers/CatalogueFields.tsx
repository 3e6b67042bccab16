import { Col, Form } from 'antd';
import { CatalogueField } from '@/features/pickers/CatalogueField';

/** The `tags` and `environment` (infrastructure) fields of the merchant and station forms, half a row each. */
export const CatalogueFields = ({ labels }: { labels: { tags: string; infrastructure: string } }) => (
  <>
    <Col xs={24} md={12}>
      <Form.Item name="tags" label={labels.tags}>
        <CatalogueField kind="tags" />
      </Form.Item>
    </Col>
    <Col xs={24} md={12}>
      <Form.Item name="environment" label={labels.infrastructure}>
        <CatalogueField kind="infrastructure" />
      </Form.Item>
    </Col>
  </>
);
