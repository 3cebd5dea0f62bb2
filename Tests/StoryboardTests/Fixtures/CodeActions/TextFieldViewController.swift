class TextFieldViewController: BaseViewController {
}
